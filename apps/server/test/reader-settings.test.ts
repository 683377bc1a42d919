import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeScan, unitKeyOf } from '@pharma/domain';
import { DEMO_USERS } from '../src/seed/demo.ts';
import type { CartonSpec, PalletSpec } from '../src/seed/epcis-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests } from './requests.ts';
import { makeCodes, products, stageInbound } from './inventory-fixtures.ts';

/**
 * Reader settings of spec point 5 (decision 0042): the server decodes a scan with the settings the
 * document's warehouse holds for the reader the scan names (`device`), never with the browser's.
 */
describe.each(DATABASES)('reader settings per warehouse and per reader on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let rdc: Record<string, string>;
  let pallets: PalletSpec[];
  let cartons: CartonSpec[];
  const IBD = '1900004201';

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    const all = await products(t);
    const codes = makeCodes(4201);
    pallets = [codes.pallet(1, 2, all[0]!), codes.pallet(1, 2, all[0]!)];
    cartons = [codes.carton(2, all[1]!), codes.carton(2, all[1]!)];
    await stageInbound(t.app, admin, IBD, { pallets, cartons }, all);
  });
  afterAll(() => t?.close());

  const { post } = requests({ app: () => t.app, as: () => rdc });
  const scan = (code: string, unit: string, idType: 'GS1' | 'NON_GS1', device?: string) =>
    post('/api/scanForOperation', { docType: 'IBD', docNo: IBD, code, unit, idType, scanId: randomUUID(), ...(device ? { device } : {}) });
  const settings = (payload: object, reader?: string, headers = admin) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/warehouses/W2010/reader-settings${reader ? `?reader=${reader}` : ''}`,
      headers,
      payload,
    });

  it('a bare 18-digit SSCC in pallet mode says what is missing while the warehouse does not allow it (GenSpecs 3.2)', async () => {
    const res = await scan(pallets[0]!.sscc, 'PLT', 'GS1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'SSCC_WITHOUT_AI' });
    expect(res.json().message).toMatch(/pallet/);
  });

  it('only an administrator sets reader settings, and each change is audited', async () => {
    expect((await settings({ bareSscc: true }, undefined, rdc)).statusCode).toBe(403);
    expect((await settings({ bareSscc: true, prefix: '' })).statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'PUT', url: '/api/admin/warehouses/W9999/reader-settings', headers: admin, payload: {} });
    expect(unknown.statusCode).toBe(404);
    const res = await settings({ strip00: true }, 'HANDHELD-7');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ warehouseNo: 'W2010', reader: 'HANDHELD-7', prefix: null, strip00: true, bareSscc: false });
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/admin/warehouses/W2010/reader-settings?reader=HANDHELD-7',
      headers: admin,
    });
    expect(read.json()).toMatchObject({ strip00: true });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'reader_settings')
      .where('entity_id', '=', 'W2010/HANDHELD-7')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ strip00: true });
  });

  it("a 20-character '00' code in Non-GS1 mode loses its '00' only for the reader configured so", async () => {
    const code = '00' + cartons[0]!.sscc;
    const other = await scan(code, 'CTN', 'NON_GS1', 'HANDHELD-8');
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'ITEM_ID_NOT_SUPPORTED' });
    const configured = await scan(code, 'CTN', 'NON_GS1', 'HANDHELD-7');
    expect(configured.statusCode).toBe(200);
    expect(configured.json()).toMatchObject({ accepted: true, unit: { type: 'CTN', id: cartons[0]!.sscc } });
  });

  it("a warehouse's own settings apply to every reader: a bare SSCC is accepted once allowed", async () => {
    expect((await settings({ bareSscc: true })).statusCode).toBe(200);
    const res = await scan(pallets[0]!.sscc, 'PLT', 'GS1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: true, unit: { type: 'PLT', id: pallets[0]!.sscc } });
    const viaReader = await scan(pallets[1]!.sscc, 'PLT', 'GS1', 'HANDHELD-8');
    expect(viaReader.statusCode).toBe(200);
    // A wrong check digit is still no SSCC.
    const wrong = pallets[1]!.sscc.slice(0, 17) + String((Number(pallets[1]!.sscc.slice(17)) + 1) % 10);
    expect((await scan(wrong, 'PLT', 'GS1')).statusCode).toBe(400);
  });

  it("a reader's prefix is removed in Non-GS1 mode, together with the warehouse's", async () => {
    expect((await settings({ prefix: 'WH-', strip00: false, bareSscc: true })).statusCode).toBe(200);
    expect((await settings({ prefix: 'R7:', strip00: true }, 'HANDHELD-7')).statusCode).toBe(200);
    expect((await scan('R7:' + cartons[1]!.sscc, 'CTN', 'NON_GS1', 'HANDHELD-8')).json()).toMatchObject({ code: 'ITEM_ID_NOT_SUPPORTED' });
    const res = await scan('R7:' + cartons[1]!.sscc, 'CTN', 'NON_GS1', 'HANDHELD-7');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ unit: { type: 'CTN', id: cartons[1]!.sscc } });
  });

  it('an administrator lists every row of a warehouse, its own first (the admin screen)', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/warehouses/W2010/readers', headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      { warehouseNo: 'W2010', reader: '', prefix: 'WH-', strip00: false, bareSscc: true },
      { warehouseNo: 'W2010', reader: 'HANDHELD-7', prefix: 'R7:', strip00: true, bareSscc: false },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/warehouses/W2010/readers', headers: rdc })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/warehouses/W9999/readers', headers: admin })).statusCode).toBe(404);
  });

  const forScan = (reader: string, headers = rdc, query = 'docType=IBD&docNo=' + IBD) =>
    t.app.inject({ method: 'GET', url: `/api/readerSettings?${query}&reader=${encodeURIComponent(reader)}`, headers });

  it("the scan page reads the settings its scans are decoded with: the warehouse's and its reader's together (decision 0051)", async () => {
    const seven = await forScan('HANDHELD-7');
    expect(seven.statusCode).toBe(200);
    expect(seven.json()).toEqual({ warehouseNo: 'W2010', reader: 'HANDHELD-7', prefix: ['R7:', 'WH-'], strip00: true, bareSscc: true });
    expect((await forScan('HANDHELD-8')).json()).toEqual({
      warehouseNo: 'W2010',
      reader: 'HANDHELD-8',
      prefix: ['WH-'],
      strip00: false,
      bareSscc: true,
    });
    expect((await forScan('')).json()).toMatchObject({ reader: '', prefix: ['WH-'] });
  });

  it("only for a document of the caller's area and to whoever may scan it", async () => {
    const ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    expect((await forScan('HANDHELD-7', ldc, `docType=IBD&docNo=${IBD}&area=LDC`)).statusCode).toBe(404);
    const viewer = (await signIn(t.app, DEMO_USERS.viewer)).headers;
    expect((await forScan('HANDHELD-7', viewer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/readerSettings?docType=IBD&docNo=${IBD}` })).statusCode).toBe(401);
    expect((await forScan('HANDHELD-7', rdc, 'docType=IBD&docNo=1999999999')).json()).toMatchObject({ code: 'DOCUMENT_NOT_FOUND' });
  });

  it('a code decoded with those settings is refused exactly when the server refuses it (spec point 5, Non-GS1 mode)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const reader of ['HANDHELD-7', 'HANDHELD-8']) {
      const options = (await forScan(reader)).json();
      for (const carton of cartons) {
        for (const code of [
          'R7:' + carton.sscc,
          'WH-' + carton.sscc,
          'XX:' + carton.sscc,
          '00' + carton.sscc,
          carton.sscc,
          'WH-R7:' + carton.sscc,
        ]) {
          // The scan page's check (apps/web checkScan): decoded with the settings, then the unit's key.
          const decoded = decodeScan(code, { unit: 'CTN', idType: 'NON_GS1', today, ...options });
          const refusal = !decoded.ok ? decoded.code : unitKeyOf(decoded, 'CTN') === null ? 'ITEM_ID_NOT_SUPPORTED' : null;
          const res = await scan(code, 'CTN', 'NON_GS1', reader);
          // Accepted, or refused for what the unit's state says (already scanned): never for the code itself.
          if (refusal === null) expect(res.json().code, `${reader} ${code}`).not.toBe('ITEM_ID_NOT_SUPPORTED');
          else expect(res.json(), `${reader} ${code}`).toMatchObject({ code: refusal });
        }
      }
    }
  });
});
