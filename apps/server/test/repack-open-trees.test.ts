import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DEMO_INVENTORY, DEMO_REDRESS } from '../src/seed/demo-documents.ts';
import { packScan, ssccScan, type PackSpec, type PalletSpec } from '../src/seed/epcis-builder.ts';
import { receiveIbd } from '../src/seed/stock-builder.ts';
import { apiPort, makeCodes, products } from './inventory-fixtures.ts';
import { DATABASES, rowCount, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests } from './requests.ts';

/**
 * Issue 27: a repack must not change a tree an open document is still building or holds. The demo's
 * In Progress redress PO 5000000202 is filling a carton (2 of its packs scanned in): no repack of that
 * carton may be opened, nothing may be put on it, and none of its packs may be taken out into another
 * repack; each refusal names the PO and the carton, and changes nothing. Once the PO is completed, all
 * three are allowed.
 */
describe.each(DATABASES)('repack leaves alone a tree an open document builds, on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let ldc: Record<string, string>;
  let loose: PackSpec[];
  let pallet: PalletSpec;
  const OBD = '8100002707';
  const { redressStock: stock } = DEMO_INVENTORY;
  const carton = stock.inProgressCarton;
  const [inCarton, alsoInCarton] = stock.inProgress;
  const onPo = `RRD ${DEMO_REDRESS.inProgress} is still open on carton ${carton}`;
  const refusal = `${onPo}: nothing can be repacked into or out of it until that document is completed.`;

  const { post } = requests({ app: () => t.app, as: () => ldc, area: 'LDC' });
  const parentOf = async (p: PackSpec) =>
    (
      await t.database.db
        .selectFrom('handling_units as h')
        .leftJoin('handling_units as p', 'p.id', 'h.parent_id')
        .select('p.sscc as parent')
        .where('h.gtin', '=', p.gtin)
        .where('h.serial', '=', p.serial)
        .executeTakeFirstOrThrow()
    ).parent;
  const counts = async () => ({
    repacks: await rowCount(t, 'repack_documents'),
    moves: await rowCount(t, 'repack_moves'),
    audit: await rowCount(t, 'audit_log'),
  });
  /** A new carton of W3010 and its pending repack. */
  const newRepack = async () => {
    const made = await post('/api/createPallet', { warehouseNo: 'W3010', type: 'CTN' });
    expect(made.statusCode, made.body).toBe(200);
    const opened = await post('/api/repackScan', { code: ssccScan(made.json().sscc) });
    expect(opened.statusCode, opened.body).toBe(200);
    return opened.json().repackNo as string;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    const all = await products(t);
    const codes = makeCodes(2707);
    loose = codes.packs(2, all[0]!);
    pallet = codes.pallet(2, 2, all[0]!);
    await receiveIbd(apiPort(t.app, admin, 'LDC'), '1700002707', { pallets: [pallet], packs: loose }, all, { warehouseNo: 'W3010' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/integration/documents/OBD/${OBD}`,
      headers: admin,
      payload: {
        warehouseNo: 'W3010',
        date: '2026-11-22',
        lines: [{ lineNo: 10, materialNo: all[0]!.materialNo, batchNo: all[0]!.batch, quantity: 2 }],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
  });
  afterAll(() => t?.close());

  it('while the PO is open: no repack of its carton, nothing put on it, none of its packs taken out; nothing changes', async () => {
    expect(await parentOf(inCarton!)).toBe(carton);
    const before = await counts();

    const opened = await post('/api/repackScan', { code: ssccScan(carton) });
    expect(opened.statusCode, opened.body).toBe(409);
    expect(opened.json()).toEqual({ code: 'REPACK_HOLDER_ON_OPEN_DOCUMENT', message: refusal });
    const validated = await post('/api/validateHU', { sscc: carton });
    expect(validated.json().message).toBe(refusal);

    const onto = await post('/api/remapHU', { code: packScan(loose[0]!), to: carton, scanId: randomUUID() });
    expect(onto.statusCode, onto.body).toBe(409);
    expect(onto.json()).toEqual({ code: 'REPACK_HOLDER_ON_OPEN_DOCUMENT', message: refusal });
    expect(await parentOf(loose[0]!)).toBeNull();

    const other = await newRepack();
    const afterOpen = await counts();
    const taken = await post('/api/repackScanOperation', { repackNo: other, code: packScan(inCarton!), scanId: randomUUID() });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().message).toContain(`RRD ${DEMO_REDRESS.inProgress}`);
    const off = await post('/api/remapHU', { code: packScan(alsoInCarton!), to: null, scanId: randomUUID() });
    expect(off.statusCode, off.body).toBe(409);
    expect(off.json().message).toContain(`RRD ${DEMO_REDRESS.inProgress}`);

    expect(await parentOf(inCarton!)).toBe(carton);
    expect(await parentOf(alsoInCarton!)).toBe(carton);
    expect(await counts()).toEqual(afterOpen);
    // Only the other repack's carton and its repack were made (createPallet and repackScan).
    expect(afterOpen.repacks).toBe(before.repacks + 1);
  });

  it('a carton is not taken off a pallet whose other carton is on an open dispatch, naming it; nothing changes', async () => {
    const [held, other] = pallet.cartons;
    const scanned = await post('/api/scanForOperation', {
      docType: 'OBD',
      docNo: OBD,
      code: ssccScan(held!.sscc),
      unit: 'CTN',
      idType: 'GS1',
      scanId: randomUUID(),
    });
    expect(scanned.statusCode, scanned.body).toBe(200);
    const before = await counts();
    const off = await post('/api/remapHU', { code: ssccScan(other!.sscc), to: null, scanId: randomUUID() });
    expect(off.statusCode, off.body).toBe(409);
    expect(off.json()).toEqual({
      code: 'REPACK_HOLDER_ON_OPEN_DOCUMENT',
      message: `OBD ${OBD} is still open on pallet ${pallet.sscc}: nothing can be repacked into or out of it until that document is completed.`,
    });
    expect(await counts()).toEqual(before);
    const parent = await t.database.db
      .selectFrom('handling_units as h')
      .innerJoin('handling_units as p', 'p.id', 'h.parent_id')
      .select('p.sscc')
      .where('h.sscc', '=', other!.sscc)
      .executeTakeFirst();
    expect(parent?.sscc).toBe(pallet.sscc);
  });

  it('once the PO is completed, the carton may be repacked, take a pack, and give one up', async () => {
    for (const p of stock.inProgress.slice(2)) {
      const res = await post('/api/scanSeries', {
        poNo: DEMO_REDRESS.inProgress,
        cartonCode: carton,
        scanType: 'SERIES',
        code: packScan(p),
        scanId: randomUUID(),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const done = await post('/api/completeRrd', { poNo: DEMO_REDRESS.inProgress });
    expect(done.statusCode, done.body).toBe(200);

    const opened = await post('/api/repackScan', { code: ssccScan(carton) });
    expect(opened.statusCode, opened.body).toBe(200);
    const onto = await post('/api/repackScanOperation', {
      repackNo: opened.json().repackNo,
      code: packScan(loose[1]!),
      scanId: randomUUID(),
    });
    expect(onto.statusCode, onto.body).toBe(200);
    expect(await parentOf(loose[1]!)).toBe(carton);

    const other = await newRepack();
    const taken = await post('/api/repackScanOperation', { repackNo: other, code: packScan(inCarton!), scanId: randomUUID() });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().takenFrom).toMatchObject({ id: carton, type: 'CTN' });
    expect(await parentOf(inCarton!)).not.toBe(carton);
  });
});
