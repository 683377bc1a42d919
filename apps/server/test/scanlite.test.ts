import { createHash, randomUUID } from 'node:crypto';
import { eventHashId, eventHashPreimage, lgtinUri, type EpcisObjectEvent } from '@pharma/domain';
import { epcisSchemaErrors } from '../src/api/integration/epcis-schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DEMO_SCANLITE, scanLiteCode } from '../src/seed/demo-documents.ts';
import { packScan, ssccScan, type CartonSpec } from '../src/seed/epcis-builder.ts';
import { receiveIbd } from '../src/seed/stock-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests } from './requests.ts';
import { apiPort, makeCodes, products, type Product } from './inventory-fixtures.ts';

/**
 * ScanLite (decision 0027): a WO or OBD of stock that is counted, not serialised. A scan reads a
 * pack's GS1 code, GTIN (01) and batch (10) (GS1 General Specifications 3.4.1, 3.4.2, 3.4.5), and
 * counts one pack on the line of that material and batch; no serialised unit moves. On SQLite and
 * PostgreSQL.
 */
describe.each(DATABASES)('ScanLite on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let ldc: Record<string, string>;
  let rdc: Record<string, string>;
  let a: Product;
  let b: Product;
  let carton: CartonSpec;

  const LDC = '?area=LDC';
  const DOC = '9100005252';
  const GS = '\x1d';
  const { get, post, scan: scanAs } = requests({ app: () => t.app, as: () => ldc });
  const scan = (code: string, docNo = DOC, scanId = randomUUID()) => scanAs('SCANLITE', docNo, code, 'EA', ldc, 'LDC', scanId);
  const details = async (docNo = DOC) => (await get(`/api/scanLiteNo/${docNo}${LDC}`)).json();
  const counts = async (docNo = DOC) => (await details(docNo)).data.map((l: { scannedQuantity: number }) => l.scannedQuantity);
  /** A non-serialised pack's code: ]d2 (GS1 DataMatrix), GTIN, expiry, batch last (variable length, no separator needed). */
  const lot = (p: Product, batch = p.batch, expiry = '280630') => `]d201${p.gtin}17${expiry}10${batch}`;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    const all = await products(t);
    a = all[0]!;
    b = all[1]!;
    carton = makeCodes(5252).carton(2, a);
    await receiveIbd(apiPort(t.app, admin, 'LDC'), '1700005252', { cartons: [carton] }, all, { warehouseNo: 'W3010' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/integration/documents/SCANLITE/${DOC}`,
      headers: admin,
      payload: {
        warehouseNo: 'W3010',
        date: '2026-11-22',
        lines: [
          { lineNo: 10, materialNo: a.materialNo, batchNo: a.batch, quantity: 2 },
          { lineNo: 20, materialNo: b.materialNo, batchNo: 'SL01', quantity: 3 },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
  });
  afterAll(async () => t?.close());

  it('counts one pack of the material and batch per scan on its line, and moves the document to In Progress', async () => {
    const res = await scan(lot(a));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      accepted: true,
      packs: 1,
      unit: { type: 'EA', id: `(01)${a.gtin}(10)${a.batch}` },
      document: { status: 'In Progress' },
      data: [
        { lineNo: 10, scannedQuantity: 1, scannedDetails: [] },
        { lineNo: 20, scannedQuantity: 0 },
      ],
    });
    // The batch before the expiry: a group separator ends the variable-length batch (GenSpecs 7.8.5.1).
    expect((await scan(`]d201${b.gtin}10SL01${GS}17280630`)).statusCode).toBe(200);
    expect(await counts()).toEqual([1, 1]);
    expect((await details()).document).toMatchObject({ status: 'In Progress', quantity: 5, scannedQuantity: 2 });
  });

  it('answers a repeated scanId with its first answer and counts it once', async () => {
    const id = randomUUID();
    const first = await scan(lot(b, 'SL01'), DOC, id);
    const again = await scan(lot(b, 'SL01'), DOC, id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await counts()).toEqual([1, 2]);
    const reused = await scan(lot(a), DOC, id);
    expect(reused.json().code).toBe('SCAN_ID_REUSED');
  });

  it('records each count in the audit trail: who, the line, before and after', async () => {
    const rows = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'document_line')
      .where('action', '=', 'count')
      .orderBy('at')
      .execute();
    expect(rows.length).toBe(3);
    expect(JSON.parse(rows[0]!.before_json!)).toEqual({ scannedQuantity: 0 });
    expect(JSON.parse(rows[0]!.after_json!)).toEqual({ scannedQuantity: 1, materialNo: a.materialNo, batchNo: a.batch });
    expect(rows[0]!.actor_id).toBeTruthy();
  });

  it('refuses what it cannot count, each with its message, and changes nothing', async () => {
    const refusals: [string, number, string][] = [
      // A serialised pack is dispatched one by one on its OBD (its serial is traced), never counted.
      [
        packScan(carton.packs[0]!),
        422,
        `Pack ${a.gtin}/${carton.packs[0]!.serial} carries a serial number: serialised packs are dispatched one by one on their OBD, not counted on ScanLite.`,
      ],
      [ssccScan(carton.sscc), 400, 'This is a pallet or carton code (SSCC). Please scan the batch of a pack.'],
      [
        `]d201${a.gtin}17280630`,
        422,
        'ScanLite counts packs by material and batch: scan the GS1 code of a pack with its GTIN (01) and batch (10).',
      ],
      [lot(a, 'OTHER1'), 422, `Material ${a.materialNo} batch OTHER1 is not on SCANLITE ${DOC}.`],
      [
        lot(a, a.batch, '261031'),
        422,
        `Batch ${a.batch} of material ${a.materialNo} expired on 2026-10-31: expired stock cannot be dispatched.`,
      ],
      [`]d20100000000000017${'10'}LOT1`, 422, 'No material has GTIN 00000000000017.'],
    ];
    for (const [code, status, text] of refusals) {
      const res = await scan(code);
      expect(res.statusCode, code).toBe(status);
      expect(res.json().message, code).toBe(text);
    }
    // The line of material a holds 2: a third pack exceeds it.
    expect((await scan(lot(a))).statusCode).toBe(200);
    const over = await scan(lot(a));
    expect(over.json()).toEqual({
      code: 'QUANTITY_EXCEEDED',
      message: `Quantity exceeded: 2 expected, 2 already scanned, this scan 1 (material ${a.materialNo}, batch ${a.batch}).`,
    });
    expect(await counts()).toEqual([2, 2]);
  });

  it('scans on its own path /api/scanLiteScanOperation with the same rules', async () => {
    const res = await post(`/api/scanLiteScanOperation${LDC}`, { docNo: DOC, code: lot(b, 'SL01'), scanId: randomUUID() });
    expect(res.statusCode, res.body).toBe(200);
    expect(await counts()).toEqual([2, 3]);
    const over = await post(`/api/scanLiteScanOperation${LDC}`, { docNo: DOC, code: lot(b, 'SL01'), scanId: randomUUID() });
    expect(over.json().code).toBe('QUANTITY_EXCEEDED');
  });

  it('takes a counted pack off again with /api/reverseOperation, and refuses when none of that batch is counted', async () => {
    const off = await post(`/api/reverseOperation${LDC}`, { docType: 'SCANLITE', docNo: DOC, code: lot(b, 'SL01'), scanId: randomUUID() });
    expect(off.statusCode, off.body).toBe(200);
    expect(await counts()).toEqual([2, 2]);
    const none = await post(`/api/reverseOperation${LDC}`, { docType: 'SCANLITE', docNo: DOC, code: lot(b, 'SL02'), scanId: randomUUID() });
    expect(none.json().message).toBe(`No pack of material ${b.materialNo} batch SL02 is counted on SCANLITE ${DOC}.`);
  });

  it("completes with 'GI scan saved successfully!': the counts kept, the rest short, no serialised unit moved", async () => {
    const done = await post(`/api/completeOperation${LDC}`, { docType: 'SCANLITE', docNo: DOC });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      message: 'GI scan saved successfully!',
      document: { status: 'Completed' },
      data: [
        { lineNo: 10, scannedQuantity: 2, shortageQuantity: 0 },
        { lineNo: 20, scannedQuantity: 2, shortageQuantity: 1 },
      ],
    });
    const unit = (await get(`/api/searchSSCC/${encodeURIComponent(ssccScan(carton.sscc))}${LDC}`)).json().data[0];
    expect(unit).toMatchObject({ status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED', warehouseNo: 'W3010' });
    expect((await scan(lot(b, 'SL01'))).json()).toMatchObject({ code: 'DOCUMENT_COMPLETED' });
    // Its EPCIS event: the counted packs as quantities of GTIN and lot (EPCIS 2.0 7.3.3, LGTIN), no instance EPCs.
    const events = await get(`/api/integration/epcis/events?docType=SCANLITE&docNo=${DOC}`, admin);
    expect(epcisSchemaErrors(events.json())).toEqual([]);
    const [event] = events.json().epcisBody.eventList as EpcisObjectEvent[];
    expect(event).toMatchObject({ bizStep: 'shipping', disposition: 'in_transit', epcList: [] });
    expect(event!.quantityList).toEqual(
      expect.arrayContaining([
        { epcClass: lgtinUri(a.gtin, a.batch), quantity: 2 },
        { epcClass: lgtinUri(b.gtin, 'SL01'), quantity: 2 },
      ]),
    );
    expect(event!.quantityList).toHaveLength(2);
    const { eventID, ...rest } = event!;
    expect(eventID).toBe(eventHashId(eventHashPreimage(rest)!, (text) => createHash('sha256').update(text, 'utf8').digest('hex')));
    const again = await post(`/api/completeOperation${LDC}`, { docType: 'SCANLITE', docNo: DOC });
    expect(again.json().code).toBe('DOCUMENT_COMPLETED');
  });

  it('finishes the demo ScanLite documents with the codes the README lists', async () => {
    for (const doc of Object.values(DEMO_SCANLITE)) {
      for (const line of doc.lines) {
        for (let i = 0; i < line.quantity; i++) expect((await scan(scanLiteCode(line.product), doc.number)).statusCode).toBe(200);
      }
      expect(await counts(doc.number)).toEqual(doc.lines.map((l) => l.quantity));
      const done = await post(`/api/completeOperation${LDC}`, { docType: 'SCANLITE', docNo: doc.number });
      expect(done.json()).toMatchObject({ message: 'GI scan saved successfully!', document: { status: 'Completed' } });
    }
  });

  it('is a local family: listed in the local area only, and not reachable from the regional one', async () => {
    const list = await get(`/api/scanLiteList${LDC}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((d: { number: string }) => d.number)).toContain(DOC);
    expect(list.json().data.every((d: { warehouseNo: string }) => d.warehouseNo === 'W3010')).toBe(true);
    expect((await get('/api/scanLiteList', rdc)).statusCode).toBe(403);
    expect((await get(`/api/scanLiteNo/${DOC}`, admin)).statusCode).toBe(403);
    const regional = await post(
      '/api/scanForOperation',
      { docType: 'SCANLITE', docNo: DOC, code: lot(a), unit: 'EA', scanId: randomUUID() },
      rdc,
    );
    expect(regional.statusCode).toBe(403);
  });
});
