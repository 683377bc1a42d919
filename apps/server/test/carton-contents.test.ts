import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, ssccScan, type CartonSpec, type PackSpec, type PalletSpec } from '../src/seed/epcis-builder.ts';
import { receiveIbd } from '../src/seed/stock-builder.ts';
import { DATABASES, signIn, startTestApp, stockPacksDrift, type TestApp } from './harness.ts';
import { requests, type Area } from './requests.ts';
import { apiPort, makeCodes, products, type Product } from './inventory-fixtures.ts';

/**
 * Issue 27, 'A carton's contents go stale' (decision 0063): a unit scanned alone on a document that
 * sends it away (dispatch, transfer, scrapping, return to principal) or takes it back (return) leaves
 * its parent when the document completes. The parent's packs and children follow in the item details,
 * the search, and a label printed afterwards; the unit shows no parent and its history shows the parent
 * it left; the parent's history records its packs and children before and after. A scan deleted before
 * completion never took the unit out. Replayed through the API on SQLite and PostgreSQL.
 */
describe.each(DATABASES)("a carton's contents when units leave it, on %s", (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let rdc: Record<string, string>;
  let ldc: Record<string, string>;
  let all: Product[];
  let loose: PackSpec[];
  let scrapped: CartonSpec;
  let pallet: PalletSpec;
  let local: CartonSpec;

  const headersOf = (area: Area) => (area === 'RDC' ? rdc : ldc);
  const { get, post, scan } = requests({ app: () => t.app, as: () => rdc, area: 'RDC' });
  const reverse = (docType: string, docNo: string, code: string, unit: string, area: Area = 'RDC') =>
    post('/api/reverseOperation', { docType, docNo, code, unit, scanId: randomUUID() }, headersOf(area), area);
  const complete = async (docType: string, docNo: string, area: Area = 'RDC') => {
    const res = await post('/api/completeOperation', { docType, docNo }, headersOf(area), area);
    expect(res.statusCode, res.body).toBe(200);
  };
  const putDocument = async (type: string, number: string, quantity: number, extra: Record<string, unknown> = {}) => {
    const a = all[0]!;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/integration/documents/${type}/${number}`,
      headers: admin,
      payload: {
        warehouseNo: 'W2010',
        date: '2026-11-22',
        lines: [{ lineNo: 10, materialNo: a.materialNo, batchNo: a.batch, quantity }],
        ...extra,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The unit as the item details and the search show it (both read GET /api/searchSSCC or /api/serialSearch). */
  const carton = async (sscc: string, area: Area = 'RDC') => {
    const res = await get(`/api/searchSSCC/${encodeURIComponent(ssccScan(sscc))}`, headersOf(area), area);
    expect(res.statusCode).toBe(200);
    return res.json().data[0] as View;
  };
  const pack = async (p: PackSpec, area: Area = 'RDC') => {
    const res = await get(`/api/serialSearch/${encodeURIComponent(packScan(p))}`, headersOf(area), area);
    expect(res.statusCode).toBe(200);
    return res.json().data[0] as View;
  };
  const idOf = (p: PackSpec) => `${p.gtin}/${p.serial}`;
  const childIds = (v: View) => v.children.map((c) => c.id).sort();
  /** The history rows of completions that take a unit out of its parent or record a parent's contents. */
  const contentRows = (v: View) =>
    v.history.filter((h) => h.action.startsWith('complete ') && isObject(h.before) && ('parent' in h.before || 'packs' in h.before));

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    all = await products(t);
    const codes = makeCodes(6363);
    const a = all[0]!;
    loose = codes.packs(3, a);
    scrapped = codes.carton(3, a);
    pallet = codes.pallet(2, 2, a);
    local = codes.carton(3, a);
    await receiveIbd(apiPort(t.app, admin, 'RDC'), '1700006301', { pallets: [pallet], cartons: [scrapped], packs: loose }, all, {
      warehouseNo: 'W2010',
    });
    await receiveIbd(apiPort(t.app, admin, 'LDC'), '1700006302', { cartons: [local] }, all, { warehouseNo: 'W3010' });
  });
  afterAll(() => t?.close());

  it('the walk: a repacked carton of 3 packs, two dispatched alone: details, search, the repack and a label show 1 pack and only that child', async () => {
    // The repacked carton of the walk: a new carton, three loose packs repacked into it, the repack completed.
    const made = await post('/api/createPallet', { warehouseNo: 'W2010', type: 'CTN' });
    expect(made.statusCode, made.body).toBe(200);
    const sscc = made.json().sscc as string;
    const repackNo = (await post('/api/validateHU', { sscc })).json().repackNo as string;
    for (const p of loose) {
      const moved = await post('/api/repackScanOperation', { repackNo, code: packScan(p), scanId: randomUUID() });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    expect((await post('/api/repackCompleteOperator', { repackNo })).statusCode).toBe(200);
    expect(await carton(sscc)).toMatchObject({ status: 'ACTIVE', packs: 3 });

    await putDocument('OBD', '8100006301', 2);
    for (const p of loose.slice(0, 2)) expect((await scan('OBD', '8100006301', packScan(p), 'EA')).statusCode).toBe(200);
    // Picked, not yet dispatched: still in the carton, pending on the OBD (a deleted scan would put them back as they were).
    const picking = await carton(sscc);
    expect(picking.packs).toBe(3);
    expect(picking.children.map((c) => c.status).sort()).toEqual(['ACTIVE', 'PENDING', 'PENDING']);

    const done = await post('/api/completeDispatch', { obdNo: '8100006301' });
    expect(done.statusCode, done.body).toBe(200);

    const after = await carton(sscc);
    expect(after).toMatchObject({ status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED', packs: 1 });
    expect(after.children).toEqual([{ type: 'EA', id: idOf(loose[2]!), status: 'ACTIVE' }]);
    // The carton's history: its contents before and after, and what left it.
    expect(contentRows(after).at(-1)).toMatchObject({
      action: 'complete OBD 8100006301',
      before: { packs: 3, children: 3 },
      after: { packs: 1, children: 1, left: loose.slice(0, 2).map(idOf).sort() },
    });

    for (const p of loose.slice(0, 2)) {
      const gone = await pack(p);
      expect(gone).toMatchObject({ status: 'TRANSIT', reason: 'DISPATCHED', parent: null });
      expect(contentRows(gone)).toEqual([
        expect.objectContaining({
          action: 'complete OBD 8100006301',
          before: { parent: sscc },
          after: { parent: null },
          reason: `taken out of carton ${sscc}`,
        }),
      ]);
    }
    expect((await pack(loose[2]!)).parent).toEqual({ type: 'CTN', id: sscc });

    // The repack's page and a label printed now count what the carton holds.
    const repack = await get(`/api/repackNo/${repackNo}`);
    expect(repack.json()).toMatchObject({ packs: 1, contents: [{ id: `${loose[2]!.gtin}/${loose[2]!.serial}` }] });
    const label = await post('/api/printLabel', { sscc, format: 'ZPL' });
    expect(label.statusCode, label.body).toBe(200);
    expect(label.body).toContain('COUNT 1');
    expect(label.body).toMatch(/\(37\)1\(10\)/);

    // What is left goes with the carton: dispatched whole, it takes its one pack (not refused as TRANSIT).
    await putDocument('OBD', '8100006302', 1);
    const whole = await scan('OBD', '8100006302', ssccScan(sscc), 'CTN');
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().packs).toBe(1);
  });

  it('scrapping: a deleted scan leaves the pack where it was; the scrapped pack leaves; the emptied carton keeps its state, with no packs', async () => {
    await putDocument('DECOMM', '9100006301', 3);
    const [first, second, third] = scrapped.packs as [PackSpec, PackSpec, PackSpec];
    expect((await scan('DECOMM', '9100006301', packScan(second), 'EA')).statusCode).toBe(200);
    expect((await reverse('DECOMM', '9100006301', packScan(second), 'EA')).statusCode).toBe(200);
    expect((await scan('DECOMM', '9100006301', packScan(first), 'EA')).statusCode).toBe(200);
    const done = await post('/api/completeDecommission', { decommNo: '9100006301' });
    expect(done.statusCode, done.body).toBe(200);

    const after = await carton(scrapped.sscc);
    expect(after).toMatchObject({ status: 'ACTIVE', packs: 2 });
    expect(childIds(after)).toEqual([idOf(second), idOf(third)].sort());
    expect(await pack(first)).toMatchObject({ status: 'DESTROYED', reason: 'OTHER', parent: null });
    const kept = await pack(second);
    expect(kept).toMatchObject({ status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED', parent: { type: 'CTN', id: scrapped.sscc } });
    expect(contentRows(kept)).toEqual([]);

    // The last two scrapped alone: the carton is empty, in the state it had.
    await putDocument('DECOMM', '9100006302', 2);
    for (const p of [second, third]) expect((await scan('DECOMM', '9100006302', packScan(p), 'EA')).statusCode).toBe(200);
    await complete('DECOMM', '9100006302');
    const empty = await carton(scrapped.sscc);
    expect(empty).toMatchObject({ status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED', packs: 0, children: [] });
    expect(contentRows(empty).at(-1)).toMatchObject({ before: { packs: 2, children: 2 }, after: { packs: 0, children: 0 } });
  });

  it('a carton dispatched alone leaves its pallet with its packs; a pack returned alone leaves the carton the customer keeps', async () => {
    const [gone, stays] = pallet.cartons as [CartonSpec, CartonSpec];
    await putDocument('OBD', '8100006303', 2);
    expect((await scan('OBD', '8100006303', ssccScan(gone.sscc), 'CTN')).statusCode).toBe(200);
    await complete('OBD', '8100006303');

    const left = await carton(pallet.sscc);
    expect(left).toMatchObject({ status: 'ACTIVE', packs: 2, children: [{ type: 'CTN', id: stays.sscc, status: 'ACTIVE' }] });
    const away = await carton(gone.sscc);
    expect(away).toMatchObject({ status: 'TRANSIT', parent: null, packs: 2 });
    expect(childIds(away)).toEqual(gone.packs.map(idOf).sort());

    await putDocument('RMA', '6100006301', 1);
    expect((await scan('RMA', '6100006301', packScan(gone.packs[0]!), 'EA')).statusCode).toBe(200);
    await complete('RMA', '6100006301');
    expect(await pack(gone.packs[0]!)).toMatchObject({ status: 'QUARANTINE', reason: 'RETURNED', warehouseNo: 'W2010', parent: null });
    const customer = await carton(gone.sscc);
    expect(customer).toMatchObject({ status: 'TRANSIT', reason: 'DISPATCHED', packs: 1 });
    expect(childIds(customer)).toEqual([idOf(gone.packs[1]!)]);
  });

  it('transfer and return to principal (local area): packs sent alone leave their carton, the last one empties it', async () => {
    const [first, second, third] = local.packs as [PackSpec, PackSpec, PackSpec];
    await putDocument('STO', '3100006301', 2, { warehouseNo: 'W3010', destination: { warehouseNo: 'W2010' } });
    for (const p of [first, second]) expect((await scan('STO', '3100006301', packScan(p), 'EA', ldc, 'LDC')).statusCode).toBe(200);
    await complete('STO', '3100006301', 'LDC');

    const after = await carton(local.sscc, 'LDC');
    expect(after).toMatchObject({ status: 'ACTIVE', packs: 1, children: [{ type: 'EA', id: idOf(third), status: 'ACTIVE' }] });
    for (const p of [first, second]) {
      const sent = await pack(p, 'LDC');
      expect(sent).toMatchObject({ status: 'TRANSIT', reason: 'PENDING GR', warehouseNo: null, parent: null });
      expect(contentRows(sent)).toEqual([expect.objectContaining({ before: { parent: local.sscc }, after: { parent: null } })]);
    }

    await putDocument('RTP', '4100006301', 1, { warehouseNo: 'W3010' });
    expect((await scan('RTP', '4100006301', packScan(third), 'EA', ldc, 'LDC')).statusCode).toBe(200);
    await complete('RTP', '4100006301', 'LDC');
    expect(await carton(local.sscc, 'LDC')).toMatchObject({ status: 'ACTIVE', packs: 0, children: [] });
    expect(await pack(third, 'LDC')).toMatchObject({ status: 'TRANSIT', reason: 'DISPATCHED', parent: null });
  });

  it.runIf(kind === 'postgres')('the packs in stock stay in step with the units (migration 0019)', async () => {
    expect((await stockPacksDrift(t)).drift).toEqual([]);
  });
});

interface View {
  status: string;
  reason: string | null;
  warehouseNo: string | null;
  packs: number;
  parent: { type: string; id: string } | null;
  children: { type: string; id: string; status: string }[];
  history: { action: string; before: unknown; after: unknown; reason: string | null }[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
