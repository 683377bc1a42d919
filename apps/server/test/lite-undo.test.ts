import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, ssccScan, type CartonSpec } from '../src/seed/epcis-builder.ts';
import { receiveIbd } from '../src/seed/stock-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests } from './requests.ts';
import { apiPort, makeCodes, products, type Product } from './inventory-fixtures.ts';

interface Count {
  id: string;
  kind: string;
  code: string;
  packs: number;
  user: string;
  at: string;
}
interface Line {
  lineNo: number;
  materialNo: string;
  batchNo: string | null;
  quantity: number;
  scannedQuantity: number;
  counts: Count[];
}

/**
 * ScanLite's undo (issue 27, decision 0066): each line lists what was counted on it, scan by scan (the
 * pack's GTIN and batch, how many, who, when), and a count can be removed before completion, with the
 * family's DeleteScannedItem, audited before and after, the line's figures following at once; after
 * completion the removal is refused with a clear message. 'Quantity exceeded' keeps the spec's sentence
 * and says the numbers. Family-neutral: a lite family (Dispatch+) lists and removes its unit scans the
 * same way. On SQLite and PostgreSQL.
 */
describe.each(DATABASES)('counts listed and removed on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let ldc: Record<string, string>;
  let viewer: Record<string, string>;
  let rdc: Record<string, string>;
  let a: Product;
  let b: Product;
  let carton: CartonSpec;
  let spare: CartonSpec;

  const DOC = '9100002727';
  const LDC = '?area=LDC';
  const { get, post, scan: scanAs } = requests({ app: () => t.app, as: () => ldc });
  const lot = (p: Product, batch: string) => `]d201${p.gtin}17280630${'10'}${batch}`;
  const count = (code: string, docNo = DOC) => scanAs('SCANLITE', docNo, code, 'EA', ldc, 'LDC');
  const counts = async (moduleType = 'SCANLITE', docNo = DOC, headers = ldc) => {
    const res = await get(`/api/lite/getCounts?${new URLSearchParams({ moduleType, docNo }).toString()}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { document: { status: string; quantity: number; scannedQuantity: number }; lines: Line[] };
  };
  const remove = (countId: string, moduleType = 'SCANLITE', docNo = DOC, headers = ldc, scanId = randomUUID()) =>
    post('/api/lite/removeCount', { moduleType, docNo, countId, scanId }, headers);
  const figures = async () =>
    (await get(`/api/scanLiteNo/${DOC}${LDC}`)).json().data.map((l: { scannedQuantity: number }) => l.scannedQuantity);

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    viewer = (await signIn(t.app, DEMO_USERS.viewer)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    const all = await products(t);
    a = all[0]!;
    b = all[1]!;
    const codes = makeCodes(2727);
    carton = codes.carton(3, a);
    spare = codes.carton(2, a);
    await receiveIbd(apiPort(t.app, admin, 'LDC'), '1700002727', { cartons: [carton, spare] }, all, { warehouseNo: 'W3010' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/integration/documents/SCANLITE/${DOC}`,
      headers: admin,
      payload: {
        warehouseNo: 'W3010',
        date: '2026-11-22',
        lines: [
          { lineNo: 10, materialNo: a.materialNo, batchNo: 'UL01', quantity: 2 },
          { lineNo: 20, materialNo: b.materialNo, batchNo: 'UL02', quantity: 3 },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
  });
  afterAll(async () => t?.close());

  it('lists what was counted on each line: the pack (GTIN and batch), how many, who and when, newest first', async () => {
    expect((await counts()).lines.map((l) => l.counts)).toEqual([[], []]);
    for (const code of [lot(a, 'UL01'), lot(b, 'UL02'), lot(a, 'UL01')]) expect((await count(code)).statusCode).toBe(200);
    const { document, lines } = await counts();
    expect(document).toMatchObject({ status: 'In Progress', quantity: 5, scannedQuantity: 3, moduleType: 'SCANLITE' });
    expect(lines).toMatchObject([
      { lineNo: 10, materialNo: a.materialNo, batchNo: 'UL01', quantity: 2, scannedQuantity: 2 },
      { lineNo: 20, materialNo: b.materialNo, batchNo: 'UL02', quantity: 3, scannedQuantity: 1 },
    ]);
    expect(lines[0]!.counts).toHaveLength(2);
    for (const c of lines[0]!.counts) {
      expect(c).toMatchObject({ kind: 'pack', code: `(01)${a.gtin}(10)UL01`, packs: 1, user: 'Lina Local' });
      expect(Date.parse(c.at)).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(lines[0]!.counts[0]!.at >= lines[0]!.counts[1]!.at).toBe(true);
    expect(lines[1]!.counts).toMatchObject([{ code: `(01)${b.gtin}(10)UL02`, packs: 1 }]);
    // A reader sees them too (DetailsPage).
    expect((await counts('SCANLITE', DOC, viewer)).lines[0]!.counts).toHaveLength(2);
  });

  it("refuses a pack past the line's quantity with the spec's 'Quantity exceeded' and the numbers beside it", async () => {
    const over = await count(lot(a, 'UL01'));
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({
      code: 'QUANTITY_EXCEEDED',
      message: `Quantity exceeded: 2 expected, 2 already scanned, this scan 1 (material ${a.materialNo}, batch UL01).`,
    });
    expect(await figures()).toEqual([2, 1]);
  });

  it("removes one count: 'Item removed successfully', the line's figures follow at once, the other counts stay", async () => {
    const before = (await counts()).lines[0]!.counts;
    const [newer, older] = before;
    const res = await remove(older!.id);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.message).toBe('Item removed successfully');
    expect(answer.document).toMatchObject({ status: 'In Progress', quantity: 5, scannedQuantity: 2 });
    expect(answer.data.map((l: { scannedQuantity: number }) => l.scannedQuantity)).toEqual([1, 1]);
    expect(answer.lines[0].counts).toEqual([newer]);
    // Everywhere: the details, the list card and the count list agree.
    expect(await figures()).toEqual([1, 1]);
    expect((await counts()).lines[0]!.counts).toEqual([newer]);
    const card = (await get(`/api/scanLiteList${LDC}`)).json().data.find((d: { number: string }) => d.number === DOC);
    expect(card).toMatchObject({ scannedQuantity: 2, quantity: 5 });
    // The room is back: the pack that exceeded is counted now.
    expect((await count(lot(a, 'UL01'))).statusCode).toBe(200);
    expect(await figures()).toEqual([2, 1]);
  });

  it('audits the removal on the line: who, the count removed, the figure before and after', async () => {
    const ldcUser = await t.database.db.selectFrom('users').select('id').where('email', '=', DEMO_USERS.ldc).executeTakeFirstOrThrow();
    const rows = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'document_line')
      .where('action', '=', 'remove count')
      .execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.actor_id).toBe(ldcUser.id);
    expect(row.entity_id).toMatch(/\/10$/);
    expect(JSON.parse(row.before_json!)).toMatchObject({
      scannedQuantity: 2,
      count: { code: `(01)${a.gtin}(10)UL01`, materialNo: a.materialNo, batchNo: 'UL01' },
    });
    expect(JSON.parse(row.after_json!)).toEqual({ scannedQuantity: 1, materialNo: a.materialNo, batchNo: 'UL01' });
    expect(row.reason).toBe('counted pack removed');
  });

  it('answers a repeated removal with its first answer, and refuses a count removed already', async () => {
    const target = (await counts()).lines[1]!.counts[0]!;
    const scanId = randomUUID();
    const first = await remove(target.id, 'SCANLITE', DOC, ldc, scanId);
    expect(first.statusCode, first.body).toBe(200);
    const again = await remove(target.id, 'SCANLITE', DOC, ldc, scanId);
    expect(again.json()).toEqual(first.json());
    expect(await figures()).toEqual([2, 0]);
    const gone = await remove(target.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({
      code: 'COUNT_NOT_FOUND',
      message: `This scan is not on OBD No. ${DOC} any more: it was removed already, or it belongs to another document.`,
    });
    expect(await figures()).toEqual([2, 0]);
  });

  it('refuses a removal without DeleteScannedItem of the module (a viewer, a regional user), changing nothing', async () => {
    const target = (await counts()).lines[0]!.counts[0]!;
    const byViewer = await remove(target.id, 'SCANLITE', DOC, viewer);
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().message).toBe(
      'You are not authorized to access this feature. Please contact the admin for required authorizations.',
    );
    expect((await remove(target.id, 'SCANLITE', DOC, rdc)).statusCode).toBe(403);
    expect(await figures()).toEqual([2, 0]);
    expect((await counts()).lines[0]!.counts).toHaveLength(2);
  });

  it('keeps the list in step with a reverse by code (/api/reverseOperation): it takes the last count of its batch', async () => {
    const [newest, older] = (await counts()).lines[0]!.counts;
    const off = await post(`/api/reverseOperation${LDC}`, { docType: 'SCANLITE', docNo: DOC, code: lot(a, 'UL01'), scanId: randomUUID() });
    expect(off.statusCode, off.body).toBe(200);
    const { lines } = await counts();
    expect(lines[0]!.counts).toEqual([older]);
    expect(lines.map((l) => l.counts.length)).toEqual(lines.map((l) => l.scannedQuantity));
    expect(newest).toBeDefined();
    expect((await count(lot(a, 'UL01'))).statusCode).toBe(200);
  });

  it('refuses a removal once the document is completed, with a message that says so, and its EPCIS event counts what is left', async () => {
    const done = await post(`/api/completeOperation${LDC}`, { docType: 'SCANLITE', docNo: DOC });
    expect(done.statusCode, done.body).toBe(200);
    const target = (await counts()).lines[0]!.counts[0]!;
    const late = await remove(target.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      code: 'COUNT_DOCUMENT_COMPLETED',
      message: `Item cannot be deleted due to its status: OBD No. ${DOC} is completed, and what was scanned on it stays.`,
    });
    expect(await figures()).toEqual([2, 0]);
    const { document, lines } = await counts();
    expect(document.status).toBe('Completed');
    expect(lines.map((l) => l.counts.length)).toEqual([2, 0]);
    const events = (await get(`/api/integration/epcis/events?docType=SCANLITE&docNo=${DOC}`, admin)).json();
    expect(events.epcisBody.eventList[0].quantityList).toEqual([expect.objectContaining({ quantity: 2 })]);
  });

  it('a lite family gets the same: Dispatch+ lists its unit scans by line and removes one, its units back in stock', async () => {
    const number = 'LU2727';
    expect((await post('/api/lite/createDocument', { moduleType: 'DISPATCH+', docNo: number, warehouseNo: 'W3010' })).statusCode).toBe(201);
    const line = await post('/api/lite/updateDocument', {
      moduleType: 'DISPATCH+',
      docNo: number,
      materialNo: a.materialNo,
      batchNo: a.batch,
      quantity: 4,
    });
    expect(line.statusCode, line.body).toBe(200);
    const scan = (code: string, unit: string) =>
      post('/api/lite/scanForDispatch', { docNo: number, code, unit, idType: 'GS1', scanId: randomUUID() });
    expect((await scan(ssccScan(carton.sscc), 'CTN')).statusCode).toBe(200);
    expect((await scan(packScan(spare.packs[0]!), 'EA')).statusCode).toBe(200);
    const over = await scan(packScan(spare.packs[1]!), 'EA');
    expect(over.json()).toEqual({
      code: 'QUANTITY_EXCEEDED',
      message: `Quantity exceeded: 4 expected, 4 already scanned, this scan 1 (material ${a.materialNo}, batch ${a.batch}).`,
    });

    const listed = await counts('DISPATCH+', number);
    expect(listed.lines).toHaveLength(1);
    expect(listed.lines[0]).toMatchObject({ quantity: 4, scannedQuantity: 4 });
    expect(listed.lines[0]!.counts).toMatchObject([
      { kind: 'unit', code: `${spare.packs[0]!.gtin}/${spare.packs[0]!.serial}`, packs: 1, user: 'Lina Local' },
      { kind: 'unit', code: carton.sscc, packs: 3, user: 'Lina Local' },
    ]);
    const res = await remove(listed.lines[0]!.counts[1]!.id, 'DISPATCH+', number);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Item removed successfully',
      document: { scannedQuantity: 1 },
      data: [{ scannedQuantity: 1 }],
      lines: [{ scannedQuantity: 1, counts: [{ code: `${spare.packs[0]!.gtin}/${spare.packs[0]!.serial}` }] }],
    });
    const [unit] = (await get(`/api/searchSSCC/${encodeURIComponent(ssccScan(carton.sscc))}${LDC}`)).json().data;
    expect(unit).toMatchObject({ status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED' });

    const left = (await counts('DISPATCH+', number)).lines[0]!.counts[0]!;
    expect((await remove(left.id, 'DISPATCH+', number, viewer)).statusCode).toBe(403);
    expect((await post('/api/lite/completeOperationForDoc', { moduleType: 'DISPATCH+', docNo: number })).statusCode).toBe(200);
    const late = await remove(left.id, 'DISPATCH+', number);
    expect(late.json()).toEqual({
      code: 'COUNT_DOCUMENT_COMPLETED',
      message: `Item cannot be deleted due to its status: Outbound No. ${number} is completed, and what was scanned on it stays.`,
    });
  });

  it('puts a document whose last count is removed back to Open, audited', async () => {
    const other = '9100002728';
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/integration/documents/SCANLITE/${other}`,
      headers: admin,
      payload: {
        warehouseNo: 'W3010',
        date: '2026-11-22',
        lines: [{ lineNo: 10, materialNo: b.materialNo, batchNo: 'UL03', quantity: 1 }],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await count(lot(b, 'UL03'), other)).json().document.status).toBe('In Progress');
    const [only] = (await counts('SCANLITE', other)).lines[0]!.counts;
    const res = await remove(only!.id, 'SCANLITE', other);
    expect(res.json()).toMatchObject({ document: { status: 'Open', scannedQuantity: 0 }, lines: [{ scannedQuantity: 0, counts: [] }] });
    const doc = await t.database.db.selectFrom('documents').select('id').where('number', '=', other).executeTakeFirstOrThrow();
    const status = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', doc.id)
      .where('action', '=', 'status')
      .orderBy('at')
      .execute();
    expect(status.map((r) => [JSON.parse(r.before_json!).status, JSON.parse(r.after_json!).status])).toEqual([
      ['Open', 'In Progress'],
      ['In Progress', 'Open'],
    ]);
  });

  it('names no module it does not know, and no document of another area', async () => {
    expect((await get('/api/lite/getCounts?moduleType=FOO&docNo=1')).json().code).toBe('LITE_UNKNOWN_MODULE');
    expect((await get('/api/lite/getCounts?moduleType=DISPATCH&docNo=1')).json().code).toBe('LITE_UNKNOWN_MODULE');
    expect((await get(`/api/lite/getCounts?moduleType=SCANLITE&docNo=9999999999`)).json().code).toBe('DOCUMENT_NOT_FOUND');
  });
});
