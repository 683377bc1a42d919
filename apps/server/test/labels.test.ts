import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DEMO_INVENTORY } from '../src/seed/demo-documents.ts';
import { packScan } from '../src/seed/epcis-builder.ts';
import { decodePng, pdfToPng, zplToPng } from './barcode-reader.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';

/**
 * GS1 logistic labels (issue 18, decision 0031), read back as a scanner reads them: the SSCC as GS1-128
 * with AI (00) (GS1 Logistic Label Guideline, GS1 General Specifications 2.2.1), and for a pallet of one
 * material and batch the content GS1-128 (02) GTIN, (17) expiry, (37) count, (10) batch (GenSpecs 3.2,
 * 3.4.2, 3.6.14; FNC1 after the variable-length (37), 7.8.5).
 */
describe.each(DATABASES)('labels on %s', (kind) => {
  let t: TestApp;
  let rdc: Record<string, string>;
  let ldc: Record<string, string>;
  let pallet: { sscc: string; gtin: string; batch: string; expiry: string; packs: number };
  let printer: Server;
  let received: string[];

  beforeAll(async () => {
    // A stand-in for a Zebra printer: raw TCP, keeps what it receives.
    received = [];
    printer = createServer((socket) => {
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString('utf8')));
      socket.on('end', () => received.push(data));
    });
    await new Promise<void>((resolve) => printer.listen(0, '127.0.0.1', resolve));
    const port = (printer.address() as AddressInfo).port;
    // The stand-in listens on loopback, on a port of its own (and 'Off' on port 1, where nothing listens).
    t = await startTestApp(kind, { PRINTER_ALLOW_LOOPBACK: 'true', PRINTER_PORTS: `9100,${port},1` });
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    const admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    const setup = await t.app.inject({
      method: 'PUT',
      url: '/api/integration/warehouses/W2010',
      headers: admin,
      payload: {
        gs1CompanyPrefix: '0614141',
        extensionDigit: '5',
        printers: [
          { name: 'Dock 1', host: '127.0.0.1', port },
          { name: 'Off', host: '127.0.0.1', port: 1 },
        ],
      },
    });
    expect(setup.statusCode).toBe(200);
    pallet = await singleBatchPallet(t);
  });
  afterAll(async () => {
    printer?.close();
    await t?.close();
  });

  const print = (body: object, headers = rdc, area = 'RDC') =>
    t.app.inject({ method: 'POST', url: `/api/printLabel?area=${area}`, headers, payload: body });
  const contentHri = () => `(02)${pallet.gtin}(17)${pallet.expiry.slice(2).replaceAll('-', '')}(37)${pallet.packs}(10)${pallet.batch}`;

  it.each([203, 300] as const)(
    'the ZPL at %i dpi, drawn and scanned, gives the SSCC and the content of the database',
    { timeout: 120_000 },
    async (dpi) => {
      const res = await print({ sscc: pallet.sscc, format: 'ZPL', dpi });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toMatch(/^\^XA/);
      const codes = await decodePng(await zplToPng(res.body, dpi === 300 ? 12 : 8));
      expect(codes.map((c) => c.text).sort()).toEqual([`(00)${pallet.sscc}`, contentHri()].sort());
      // ]C1: Code 128 with FNC1 in the first position, that is GS1-128.
      expect(codes.every((c) => c.symbologyIdentifier === ']C1')).toBe(true);
    },
  );

  it('the PDF, rasterised and scanned, gives the same SSCC and content', { timeout: 120_000 }, async () => {
    const res = await print({ sscc: pallet.sscc, format: 'PDF' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const codes = await decodePng(pdfToPng(pdf));
    expect(codes.map((c) => c.text).sort()).toEqual([`(00)${pallet.sscc}`, contentHri()].sort());
    expect(codes.every((c) => c.symbologyIdentifier === ']C1')).toBe(true);
  });

  it.each(['ZPL', 'PDF'] as const)(
    'a pack label as %s: GS1 DataMatrix (01)(17)(10)(21) of the pack, read back',
    { timeout: 120_000 },
    async (format) => {
      const pack = DEMO_INVENTORY.stock.loosePacks[0]!;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/printPackLabel',
        headers: rdc,
        payload: { code: packScan(pack), format },
      });
      expect(res.statusCode).toBe(200);
      const png = format === 'ZPL' ? await zplToPng(res.body, 8) : pdfToPng(res.rawPayload);
      const codes = await decodePng(png);
      expect(codes).toEqual([
        {
          format: 'DataMatrix',
          symbologyIdentifier: ']d2',
          text: `(01)${pack.gtin}(17)${pack.expiry.slice(2).replaceAll('-', '')}(10)${pack.batch}(21)${pack.serial}`,
        },
      ]);
    },
  );

  it('a new empty pallet has the SSCC barcode and no content block', async () => {
    const { sscc } = (
      await t.app.inject({ method: 'POST', url: '/api/createPallet', headers: rdc, payload: { warehouseNo: 'W2010', type: 'PLT' } })
    ).json();
    const res = await print({ sscc, format: 'ZPL' });
    const codes = await decodePng(await zplToPng(res.body, 8));
    expect(codes.map((c) => c.text)).toEqual([`(00)${sscc}`]);
  });

  it('sent to a printer of the warehouse: 202, the printer receives the ZPL; a reprint is a copy; every print audited', async () => {
    const first = await print({ sscc: pallet.sscc, format: 'ZPL', printer: 'Dock 1' });
    expect(first.statusCode).toBe(202);
    // Printed above already (downloads count as prints): this one is a copy.
    expect(first.json()).toEqual({ sscc: pallet.sscc, printer: 'Dock 1', copy: true });
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toMatch(/^\^XA[\s\S]*\^XZ\n$/);
    expect(received[0]).toContain('COPY');
    const codes = await decodePng(await zplToPng(received[0]!, 8));
    expect(codes.map((c) => c.text)).toContain(`(00)${pallet.sscc}`);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'after_json', 'actor_id'])
      .where('entity', '=', 'label')
      .where('entity_id', '=', pallet.sscc)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['print', 'reprint', 'reprint', 'reprint']);
    expect(JSON.parse(audit.at(-1)!.after_json!)).toEqual({ format: 'ZPL', dpi: 203, printer: 'Dock 1', copy: true });
  });

  it(
    'a pack label sent to a printer of its warehouse: 202, the printer receives the ZPL with the DataMatrix; audited',
    { timeout: 120_000 },
    async () => {
      const pack = DEMO_INVENTORY.stock.loosePacks[2]!;
      const send = (body: object) => t.app.inject({ method: 'POST', url: '/api/printPackLabel', headers: rdc, payload: body });
      const before = received.length;
      const res = await send({ code: packScan(pack), format: 'ZPL', printer: 'Dock 1' });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ id: `${pack.gtin}/${pack.serial}`, printer: 'Dock 1', copy: false });
      await expect.poll(() => received.length).toBe(before + 1);
      const zpl = received.at(-1)!;
      expect(zpl).toMatch(/^\^XA[\s\S]*\^XZ\n$/);
      const codes = await decodePng(await zplToPng(zpl, 8));
      expect(codes.map((c) => c.text)).toEqual([
        `(01)${pack.gtin}(17)${pack.expiry.slice(2).replaceAll('-', '')}(10)${pack.batch}(21)${pack.serial}`,
      ]);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select('after_json')
        .where('entity', '=', 'label')
        .where('entity_id', '=', `${pack.gtin}/${pack.serial}`)
        .execute();
      expect(audit.map((a) => JSON.parse(a.after_json!))).toEqual([{ format: 'ZPL', dpi: 203, printer: 'Dock 1', copy: false }]);
      // A network printer takes ZPL only; a printer the warehouse does not have is not found; one off is 503.
      expect((await send({ code: packScan(pack), format: 'PDF', printer: 'Dock 1' })).statusCode).toBe(400);
      expect((await send({ code: packScan(pack), format: 'ZPL', printer: 'Nowhere' })).json().code).toBe('PRINTER_NOT_FOUND');
      expect((await send({ code: packScan(pack), format: 'ZPL', printer: 'Off' })).statusCode).toBe(503);
      expect(received.length).toBe(before + 1);
    },
  );

  it('a printer that does not answer: 503 with its name; the failed print is audited (who, which printer, why), no label recorded', async () => {
    const before = await t.database.db.selectFrom('label_prints').select('id').where('sscc', '=', pallet.sscc).execute();
    const res = await print({ sscc: pallet.sscc, format: 'ZPL', printer: 'Off' });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('PRINTER_UNREACHABLE');
    expect(res.json().message).toMatch(/^Printer Off \(127\.0\.0\.1:1\) did not take the label/);
    const after = await t.database.db.selectFrom('label_prints').select('id').where('sscc', '=', pallet.sscc).execute();
    expect(after).toHaveLength(before.length);
    const failed = await t.database.db
      .selectFrom('audit_log as a')
      .innerJoin('users as u', 'u.id', 'a.actor_id')
      .select(['u.email', 'a.after_json', 'a.reason'])
      .where('a.entity', '=', 'label')
      .where('a.entity_id', '=', pallet.sscc)
      .where('a.action', '=', 'print-failed')
      .execute();
    expect(failed).toHaveLength(1);
    expect(failed[0]!.email).toBe(DEMO_USERS.rdc);
    expect(JSON.parse(failed[0]!.after_json!)).toEqual({
      format: 'ZPL',
      dpi: 203,
      printer: 'Off',
      host: '127.0.0.1',
      port: 1,
      code: 'PRINTER_UNREACHABLE',
    });
    expect(failed[0]!.reason).toBe(res.json().message);
    expect((await print({ sscc: pallet.sscc, format: 'ZPL', printer: 'Nowhere' })).json().code).toBe('PRINTER_NOT_FOUND');
  });

  it('auditPrint records a print made by the browser, as a copy when printed before', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auditPrint', headers: rdc, payload: { sscc: pallet.sscc, format: 'PDF' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ copy: true });
  });

  it('a unit of another area is not found, and an unknown SSCC neither', async () => {
    const other = await print({ sscc: pallet.sscc, format: 'PDF' }, ldc, 'LDC');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ code: 'SSCC_NOT_FOUND', message: `SSCC ${pallet.sscc} is not a pallet or carton you may see.` });
    expect((await print({ sscc: '106141410000000000', format: 'PDF' })).statusCode).toBe(404);
    expect((await print({ sscc: pallet.sscc, format: 'ZPL', dpi: 600 })).statusCode).toBe(400);
  });
});

/** A pallet of W2010 whose packs are all one material and batch, as the demo stock has them. */
async function singleBatchPallet(t: TestApp) {
  const db = t.database.db;
  const pallets = await db
    .selectFrom('handling_units')
    .select(['id', 'sscc'])
    .where('type', '=', 'PLT')
    .where('warehouse_no', '=', 'W2010')
    .execute();
  for (const p of pallets) {
    const cartons = await db.selectFrom('handling_units').select('id').where('parent_id', '=', p.id).execute();
    if (cartons.length === 0) continue;
    const packs = await db
      .selectFrom('handling_units as u')
      .innerJoin('materials as m', 'm.material_no', 'u.material_no')
      .select(['m.gtin', 'u.batch_no', 'u.expiry'])
      .where(
        'u.parent_id',
        'in',
        cartons.map((c) => c.id),
      )
      .where('u.type', '=', 'EA')
      .execute();
    const kinds = new Set(packs.map((x) => `${x.gtin}|${x.batch_no}|${x.expiry}`));
    if (packs.length > 0 && kinds.size === 1 && packs[0]!.gtin && packs[0]!.expiry) {
      return { sscc: p.sscc!, gtin: packs[0]!.gtin, batch: packs[0]!.batch_no!, expiry: packs[0]!.expiry, packs: packs.length };
    }
  }
  throw new Error('no single-batch pallet in W2010');
}
