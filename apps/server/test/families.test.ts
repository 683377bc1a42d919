import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRole, buildUser } from '../src/seed/builders.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, ssccScan, type CartonSpec, type PackSpec, type PalletSpec } from '../src/seed/epcis-builder.ts';
import { DATABASES, signIn, startTestApp, stockPacksDrift, type TestApp } from './harness.ts';
import { requests } from './requests.ts';
import { insertBundle, makeCodes, products, stageInbound, type Product } from './inventory-fixtures.ts';

/**
 * Regional dispatch (OBD), return (RMA) and scrapping (DECOMM) on the one engine, through the API as
 * a handheld calls it: the rules of docs/inventory-states.md, each on SQLite and PostgreSQL.
 */
describe.each(DATABASES)('dispatch, return and scrapping on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let rdc: Record<string, string>;
  let all: Product[];
  let pallet: PalletSpec;
  let mixed: PalletSpec;
  let carton: CartonSpec;
  let packs: PackSpec[];
  let older: PackSpec[];
  let expired: PackSpec[];
  let spare: CartonSpec;
  let fresh: PackSpec[];
  let together: PackSpec[];

  const { get, post, scan } = requests({ app: () => t.app, as: () => rdc });
  const reverse = (docType: string, docNo: string, code: string, unit: string) =>
    post('/api/reverseOperation', { docType, docNo, code, unit, scanId: randomUUID() });
  const unitState = async (code: string) => {
    const res = await get(`/api/searchSSCC/${encodeURIComponent(code)}`);
    const [u] = res.json().data;
    return { status: u.status, reason: u.reason, warehouseNo: u.warehouseNo };
  };
  const packState = async (p: PackSpec) => {
    const res = await get(`/api/serialSearch/${encodeURIComponent(p.serial)}`);
    const u = res.json().data.find((x: { gtin: string }) => x.gtin === p.gtin);
    return { status: u.status, reason: u.reason, warehouseNo: u.warehouseNo };
  };
  const putDocument = async (
    type: string,
    number: string,
    lines: { materialNo: string; batchNo: string; quantity: number }[],
    warehouseNo = 'W2010',
  ) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/integration/documents/${type}/${number}`,
      headers: admin,
      payload: { warehouseNo, date: '2026-11-22', lines: lines.map((l, i) => ({ lineNo: (i + 1) * 10, ...l })) },
    });
    expect(res.statusCode).toBe(200);
  };
  const line = (p: Product, quantity: number, batch = p.batch) => ({ materialNo: p.materialNo, batchNo: batch, quantity });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    all = await products(t);
    const codes = makeCodes(4711);
    const a = all[0]!;
    pallet = codes.pallet(2, 6, a);
    mixed = { sscc: codes.sscc(), cartons: [codes.carton(3, all[1]!), codes.carton(3, all[2]!), codes.carton(3, all[3]!)] };
    carton = codes.carton(8, a);
    packs = codes.packs(6, a);
    spare = codes.carton(4, a);
    // The same material in an older batch (FEFO) and a lot already past its expiry.
    older = codes.packs(3, { ...a, batch: 'OLD01', expiry: '2027-02-28' });
    expired = codes.packs(2, { ...all[4]!, batch: 'EXP01', expiry: '2026-10-31' });
    fresh = codes.packs(1, all[4]!);
    together = codes.packs(3, a);
    await stageInbound(
      t.app,
      admin,
      '1700000001',
      { pallets: [pallet, mixed], cartons: [carton, spare], packs: [...packs, ...older, ...expired, ...fresh, ...together] },
      all,
    );
    for (const code of [ssccScan(pallet.sscc), ssccScan(mixed.sscc), ssccScan(carton.sscc), ssccScan(spare.sscc)]) {
      expect(
        (await scan('IBD', '1700000001', code, code === ssccScan(pallet.sscc) || code === ssccScan(mixed.sscc) ? 'PLT' : 'CTN')).statusCode,
      ).toBe(200);
    }
    for (const p of [...packs, ...older, ...expired, ...fresh, ...together])
      expect((await scan('IBD', '1700000001', packScan(p), 'EA')).statusCode).toBe(200);
    expect((await post('/api/completeReceive', { ibdNo: '1700000001' })).statusCode).toBe(200);

    await putDocument('OBD', '8100000001', [line(a, 30), line(a, 3, 'OLD01'), line(all[1]!, 3)]);
    await putDocument('OBD', '8100000002', [line(a, 30)]);
    await putDocument('OBD', '8100000003', [
      line(all[4]!, 2, 'EXP01'),
      line(all[4]!, 1),
      line(all[1]!, 3),
      line(all[2]!, 3),
      line(all[3]!, 3),
    ]);
  });
  afterAll(() => t?.close());

  it('lists and details answer in the receiving shapes, 20 a page, with the family’s number search', async () => {
    const list = await get('/api/obdList?status=Open&sort=number&search=81000');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      page: 1,
      pageSize: 20,
      total: 3,
      data: expect.arrayContaining([expect.objectContaining({ number: '8100000001', type: 'OBD', status: 'Open', quantity: 36 })]),
    });
    const details = await get('/api/obdNo/8100000001');
    expect(details.json()).toMatchObject({
      document: { number: '8100000001', status: 'Open' },
      data: expect.arrayContaining([expect.objectContaining({ quantity: 30, scannedQuantity: 0 })]),
    });
    for (const url of ['/api/rmaList', '/api/decommList']) expect((await get(url)).statusCode).toBe(200);
  });

  it('dispatches a pallet with everything under it and moves the OBD to In Progress', async () => {
    const res = await scan('OBD', '8100000001', ssccScan(pallet.sscc), 'PLT');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: true, packs: 12, document: { status: 'In Progress' } });
    expect(await unitState(ssccScan(pallet.sscc))).toMatchObject({ status: 'PENDING', reason: 'DISPATCHED' });
    expect(await packState(pallet.cartons[1]!.packs[5]!)).toMatchObject({ status: 'PENDING', reason: 'DISPATCHED' });
  });

  it('20 parallel scans of one pack into one OBD count it once', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => scan('OBD', '8100000001', packScan(packs[0]!), 'EA')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.json().code).toBe('ALREADY_SCANNED');
    const details = (await get('/api/obdNo/8100000001')).json();
    expect(details.data.find((l: { batchNo: string }) => l.batchNo === all[0]!.batch).scannedQuantity).toBe(13);
  });

  it('a unit dispatched on one OBD is refused on a second, naming its status', async () => {
    const res = await scan('OBD', '8100000002', packScan(packs[0]!), 'EA');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'NOT_SALEABLE',
      message: 'This item cannot be dispatched: it is PENDING / DISPATCHED, not in saleable stock.',
    });
  });

  it('warns first expiry, first out when an older batch of the material is in stock, and still counts the pack', async () => {
    const res = await scan('OBD', '8100000001', packScan(packs[1]!, '<GS>'), 'EA');
    expect(res.statusCode).toBe(200);
    expect(res.json().warnings).toEqual([
      `Batch OLD01 of material ${all[0]!.materialNo} expires earlier (2027-02-28): first expiry, first out.`,
    ]);
    const oldest = await scan('OBD', '8100000001', packScan(older[0]!), 'EA');
    expect(oldest.json().warnings).toEqual([]);
    // An older lot already expired is not stock to take first: it cannot be dispatched at all.
    const beside = await scan('OBD', '8100000003', packScan(fresh[0]!), 'EA');
    expect(beside.statusCode).toBe(200);
    expect(beside.json().warnings).toEqual([]);
  });

  it('scans sent together take the last older packs: each warns only while an older pack is still in stock, and none after', async () => {
    const fefo = `Batch OLD01 of material ${all[0]!.materialNo} expires earlier (2027-02-28): first expiry, first out.`;
    // Sent at once, the scans share one group commit (decision 0053): a scan after the older packs are
    // taken in that group must not be told of them, one before may be.
    const answers = await Promise.all(
      [older[1]!, older[2]!, together[0]!, together[1]!].map((p) => scan('OBD', '8100000001', packScan(p), 'EA')),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers[0]!.json().warnings).toEqual([]);
    expect(answers[1]!.json().warnings).toEqual([]);
    for (const r of answers.slice(2)) expect([[], [fefo]]).toContainEqual(r.json().warnings);
    const after = await scan('OBD', '8100000001', packScan(together[2]!), 'EA');
    expect(after.statusCode).toBe(200);
    expect(after.json().warnings).toEqual([]);
  });

  it('refuses a quarantined pack, an expired pack and a material not on the document; a mixed pallet names *Multiple...', async () => {
    const quarantine = await post('/api/itemStatus', { code: packScan(packs[2]!), unit: 'EA', status: 'QUARANTINE' });
    expect(quarantine.statusCode).toBe(200);
    const q = await scan('OBD', '8100000001', packScan(packs[2]!), 'EA');
    expect(q.json()).toMatchObject({
      code: 'NOT_SALEABLE',
      message: 'This item cannot be dispatched: it is QUARANTINE / WAREHOUSE RECEIVED, not in saleable stock.',
    });
    const e = await scan('OBD', '8100000003', packScan(expired[0]!), 'EA');
    expect(e.statusCode).toBe(422);
    expect(e.json().message).toBe(
      `Pack ${expired[0]!.gtin}/${expired[0]!.serial} expired on 2026-10-31: expired stock cannot be dispatched.`,
    );
    const m = await scan('OBD', '8100000001', ssccScan(mixed.sscc), 'PLT');
    expect(m.json()).toMatchObject({
      code: 'NOT_ON_DOCUMENT',
      message: 'Material *Multiple... batch *Multiple... is not on OBD 8100000001.',
    });
    expect((await scan('OBD', '8100000003', ssccScan(mixed.sscc), 'PLT')).statusCode).toBe(200);
  });

  it("refuses 'Quantity exceeded' over a line's quantity, changing nothing", async () => {
    await putDocument('OBD', '8100000004', [line(all[0]!, 3)]);
    const res = await scan('OBD', '8100000004', ssccScan(spare.sscc), 'CTN');
    // The spec's sentence, with the numbers beside it (issue 27).
    expect(res.json()).toMatchObject({
      code: 'QUANTITY_EXCEEDED',
      message: `Quantity exceeded: 3 expected, 0 already scanned, this scan 4 (material ${all[0]!.materialNo}, batch ${all[0]!.batch}).`,
    });
    expect(await unitState(ssccScan(spare.sscc))).toMatchObject({ status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED' });
  });

  it('reversing a scan before completion restores exactly the state each unit had', async () => {
    await post('/api/itemStatus', { code: packScan(packs[3]!), unit: 'EA', status: 'ACTIVE' });
    const before = await packState(packs[3]!);
    await putDocument('DECOMM', '7100000009', [line(all[0]!, 10)]);
    expect((await scan('DECOMM', '7100000009', packScan(packs[3]!), 'EA')).statusCode).toBe(200);
    const res = await reverse('DECOMM', '7100000009', packScan(packs[3]!), 'EA');
    expect(res.statusCode).toBe(200);
    expect(await packState(packs[3]!)).toEqual(before);
    expect((await scan('OBD', '8100000001', ssccScan(carton.sscc), 'CTN')).statusCode).toBe(200);
    expect((await reverse('OBD', '8100000001', ssccScan(carton.sscc), 'CTN')).json()).toMatchObject({ accepted: true, packs: 8 });
    expect(await unitState(ssccScan(carton.sscc))).toMatchObject({ status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED', warehouseNo: 'W2010' });
    expect(await packState(carton.packs[7]!)).toMatchObject({ status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED' });
  });

  it("completes the dispatch: 'GI scan saved successfully!', units TRANSIT / DISPATCHED and locked, the OBD refuses scans", async () => {
    const res = await post('/api/completeDispatch', { obdNo: '8100000001' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'GI scan saved successfully!', document: { status: 'Completed' } });
    expect(await unitState(ssccScan(pallet.sscc))).toMatchObject({ status: 'TRANSIT', reason: 'DISPATCHED' });
    expect(await packState(packs[1]!)).toMatchObject({ status: 'TRANSIT', reason: 'DISPATCHED' });
    const edit = await post('/api/itemStatus', { code: packScan(packs[1]!), unit: 'EA', status: 'DAMAGED' });
    expect(edit.json().code).toBe('ITEM_LOCKED');
    const after = await scan('OBD', '8100000001', packScan(packs[4]!), 'EA');
    expect(after.json()).toMatchObject({ code: 'DOCUMENT_COMPLETED' });
    const empty = await post('/api/completeDispatch', { obdNo: '8100000002' });
    expect(empty.json()).toMatchObject({ message: 'Error completing Dispatch. Please try again later.' });
  });

  it('returns take dispatched units back into quarantine until someone with EditItemStatus releases them', async () => {
    await putDocument('RMA', '6100000001', [line(all[0]!, 13)]);
    const notDispatched = await scan('RMA', '6100000001', packScan(packs[4]!), 'EA');
    expect(notDispatched.json()).toMatchObject({
      code: 'NOT_DISPATCHED',
      message: 'Only dispatched items can be returned: this item is ACTIVE / WAREHOUSE RECEIVED.',
    });
    expect((await scan('RMA', '6100000001', ssccScan(pallet.sscc), 'PLT')).json()).toMatchObject({ packs: 12 });
    expect((await scan('RMA', '6100000001', packScan(packs[1]!), 'EA')).statusCode).toBe(200);
    const done = await post('/api/completeOperation', { docType: 'RMA', docNo: '6100000001' });
    expect(done.json()).toMatchObject({ message: 'Returns scans saved successfully!', document: { status: 'Completed' } });
    expect(await packState(packs[1]!)).toEqual({ status: 'QUARANTINE', reason: 'RETURNED', warehouseNo: 'W2010' });
    const blocked = await scan('OBD', '8100000002', packScan(packs[1]!), 'EA');
    expect(blocked.json().code).toBe('NOT_SALEABLE');
    expect((await post('/api/itemStatus', { code: packScan(packs[1]!), unit: 'EA', status: 'ACTIVE' })).statusCode).toBe(200);
    expect((await scan('OBD', '8100000002', packScan(packs[1]!), 'EA')).statusCode).toBe(200);
  });

  it("scraps: 'Decomm. scans saved successfully!', units DESTROYED / OTHER, locked and never scannable again", async () => {
    await putDocument('DECOMM', '7100000001', [line(all[0]!, 10)]);
    expect((await scan('DECOMM', '7100000001', ssccScan(spare.sscc), 'CTN')).json()).toMatchObject({ packs: 4 });
    const done = await post('/api/completeDecommission', { decommNo: '7100000001' });
    expect(done.json()).toMatchObject({ message: 'Decomm. scans saved successfully!' });
    expect(await packState(spare.packs[0]!)).toMatchObject({ status: 'DESTROYED', reason: 'OTHER' });
    expect((await post('/api/itemStatus', { code: packScan(spare.packs[0]!), unit: 'EA', status: 'ACTIVE' })).json().code).toBe(
      'ITEM_LOCKED',
    );
    expect((await scan('OBD', '8100000002', ssccScan(spare.sscc), 'CTN')).json().code).toBe('NOT_SALEABLE');
    expect((await scan('DECOMM', '7100000009', ssccScan(spare.sscc), 'CTN')).json().code).toBe('NOT_SCRAPPABLE');
  });

  it('takes only full bundles: a pack of a bundle alone is refused; the bundle goes whole', async () => {
    const a = all[0]!;
    const bundle = await insertBundle(t.database.db, a, 'W2010', 'BUNDLE0001');
    const alone = await scan('OBD', '8100000002', bundle.packs[0]!, 'EA');
    expect(alone.json()).toMatchObject({ code: 'PACK_IN_BUNDLE' });
    expect(alone.json().message).toContain(`bundle ${a.gtin}/BUNDLE0001`);
    const whole = await scan('OBD', '8100000002', bundle.bundle, 'BUN');
    expect(whole.json()).toMatchObject({ accepted: true, packs: 2 });
  });

  it('the module a scan needs is the family’s of the document: a receiving-only user may not dispatch', async () => {
    const db = t.database.db;
    const role = await buildRole(db, {
      name: `receive-only-${kind}`,
      areas: ['RDC'],
      modules: [{ application: 'RDC', grant: { module: 'RECEIVE', isCompletelyPermitted: true, features: [] } }],
    });
    await buildUser(db, {
      email: `receiver-${kind}@demo.local`,
      password: DEMO_PASSWORD,
      firstName: 'R',
      lastName: 'O',
      nric: 'S7654321A',
      userType: 'operator',
      roleIds: [role],
    });
    const receiver = (await signIn(t.app, `receiver-${kind}@demo.local`)).headers;
    const res = await scan('OBD', '8100000002', packScan(packs[5]!), 'EA', receiver);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('MODULE_NOT_AUTHORIZED');
    expect((await post('/api/completeOperation', { docType: 'OBD', docNo: '8100000002' }, receiver)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/obdList', headers: receiver })).statusCode).toBe(403);
    expect(await packState(packs[5]!)).toMatchObject({ status: 'ACTIVE' });
  });

  it.runIf(kind === 'postgres')('keeps stock_packs to exactly the packs in stock through every family above', async () => {
    const { inStock, drift } = await stockPacksDrift(t);
    expect(drift).toEqual([]);
    expect(inStock).toBeGreaterThan(0);
  });
});
