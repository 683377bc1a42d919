import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, ssccScan, type CartonSpec, type PackSpec, type PalletSpec } from '../src/seed/epcis-builder.ts';
import { receiveIbd } from '../src/seed/stock-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests } from './requests.ts';
import { apiPort, insertBundle, makeCodes, products, stageInbound, type Product } from './inventory-fixtures.ts';

/**
 * The local area (W3010) on the engine: transfer (STO) and return to principal (RTP) with the rules
 * of docs/inventory-states.md, the transferred stock received at its destination on the IBD naming
 * the STO, and the area split of every local family's list and details; on SQLite and PostgreSQL.
 */
describe.each(DATABASES)('transfer, return to principal and the local area on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let ldc: Record<string, string>;
  let rdc: Record<string, string>;
  let all: Product[];
  let pallet: PalletSpec;
  let later: CartonSpec;
  let quarantined: CartonSpec;
  let packs: PackSpec[];
  let expired: PackSpec[];

  const LDC = '?area=LDC';
  const { get, post } = requests({ app: () => t.app, as: () => ldc });
  const { scan } = requests({ app: () => t.app, as: () => ldc, area: 'LDC' });
  const reverse = (docType: string, docNo: string, code: string, unit: string) =>
    post(`/api/reverseOperation${LDC}`, { docType, docNo, code, unit, scanId: randomUUID() });
  const complete = (docType: string, docNo: string, headers = ldc, area = LDC) =>
    post(`/api/completeOperation${area}`, { docType, docNo }, headers);
  const state = (found: { status: string; reason: string; warehouseNo: string | null }) => ({
    status: found.status,
    reason: found.reason,
    warehouseNo: found.warehouseNo,
  });
  const unitState = async (sscc: string, headers = ldc, area = LDC) => {
    const [u] = (await get(`/api/searchSSCC/${encodeURIComponent(ssccScan(sscc))}${area}`, headers)).json().data;
    return u ? state(u) : undefined;
  };
  const packState = async (p: PackSpec, headers = ldc, area = LDC) => {
    const res = await get(`/api/serialSearch/${encodeURIComponent(p.serial)}${area}`, headers);
    const u = res.json().data.find((x: { gtin: string }) => x.gtin === p.gtin);
    return u ? state(u) : undefined;
  };
  const putDocument = (type: string, number: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/integration/documents/${type}/${number}`, headers: admin, payload: body });
  const lines = (p: Product, quantity: number, batchNo = p.batch) => [{ lineNo: 10, materialNo: p.materialNo, batchNo, quantity }];
  const local = (extra: Record<string, unknown>, l = lines(all[0]!, 40)) => ({
    warehouseNo: 'W3010',
    date: '2026-11-22',
    lines: l,
    ...extra,
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    all = await products(t);
    const codes = makeCodes(5151);
    const a = all[0]!;
    pallet = codes.pallet(2, 5, a);
    later = codes.carton(4, a);
    quarantined = codes.carton(3, a);
    packs = codes.packs(4, a);
    expired = codes.packs(2, { ...a, batch: 'EXP01', expiry: '2026-10-31' });
    // Local stock, received in W3010 through the API as a local handheld receives it.
    await receiveIbd(
      apiPort(t.app, admin, 'LDC'),
      '1700005151',
      { pallets: [pallet], cartons: [later, quarantined], packs: [...packs, ...expired] },
      all,
      { warehouseNo: 'W3010' },
    );
    expect((await post(`/api/itemStatus${LDC}`, { code: ssccScan(quarantined.sscc), unit: 'CTN', status: 'QUARANTINE' })).statusCode).toBe(
      200,
    );
    expect((await post(`/api/itemStatus${LDC}`, { code: packScan(packs[3]!), unit: 'EA', status: 'DAMAGED' })).statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  it('an STO names where it goes (a warehouse or its plant): required on a transfer, refused elsewhere and to its own warehouse', async () => {
    expect((await putDocument('STO', '3100000001', local({}))).json()).toMatchObject({
      code: 'DESTINATION_REQUIRED',
      message: 'STO 3100000001 needs a destination plant or warehouse.',
    });
    expect((await putDocument('STO', '3100000001', local({ destination: { warehouseNo: 'W3010' } }))).json().code).toBe('SAME_DESTINATION');
    expect((await putDocument('STO', '3100000001', local({ destination: { plant: '9999' } }))).json().code).toBe('UNKNOWN_PLANT');
    expect((await putDocument('OBD', '8100005151', local({ destination: { plant: '2010' } }))).json().code).toBe('DESTINATION_NOT_ALLOWED');
    expect((await putDocument('STO', '3100000001', local({ destination: { plant: '2010' } }))).statusCode).toBe(200);
    expect((await putDocument('STO', '3100000002', local({ destination: { warehouseNo: 'W2010' } }))).statusCode).toBe(200);

    const list = (await get(`/api/transferList${LDC}&sort=number&search=31000`)).json();
    expect(list).toMatchObject({ total: 2, data: [{ number: '3100000001', type: 'STO', destinationWarehouseNo: 'W2010' }, {}] });
    const details = (await get(`/api/transferNo/3100000001${LDC}`)).json();
    expect(details.document).toMatchObject({ number: '3100000001', status: 'Open', destinationWarehouseNo: 'W2010', receives: null });
  });

  it('an IBD names the STO it receives, at the STO’s destination only', async () => {
    const ibd = { warehouseNo: 'W2010', date: '2026-11-22', lines: lines(all[0]!, 10), receives: { type: 'STO', number: '3100000001' } };
    expect((await putDocument('IBD', '1700005152', { ...ibd, warehouseNo: 'W3010' })).json()).toMatchObject({
      code: 'WRONG_DESTINATION',
      message: 'STO 3100000001 goes to warehouse W2010, not to W3010.',
    });
    expect((await putDocument('RMA', '6100005151', { ...ibd, warehouseNo: 'W2010' })).json().code).toBe('CANNOT_RECEIVE');
    expect((await putDocument('IBD', '1700005152', { ...ibd, receives: { type: 'STO', number: '3199999999' } })).json().code).toBe(
      'DOCUMENT_NOT_FOUND',
    );
    expect((await putDocument('IBD', '1700005152', ibd)).statusCode).toBe(200);
    const details = (await get('/api/ibdNo/1700005152', rdc)).json();
    expect(details.document.receives).toEqual({ type: 'STO', number: '3100000001' });
    // Before the STO completes, the IBD expects nothing: not a unit another supplier's notice announced.
    const announced = makeCodes(5152).carton(2, all[0]!);
    await stageInbound(t.app, admin, '1700005159', { cartons: [announced] }, all);
    const res = await scan('IBD', '1700005152', ssccScan(announced.sscc), 'CTN', rdc, null);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('NOT_EXPECTED');
  });

  it('transfer takes saleable stock of its warehouse, whole bundles only, and refuses other states naming them', async () => {
    const res = await scan('STO', '3100000001', ssccScan(pallet.sscc), 'PLT');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ accepted: true, packs: 10, document: { status: 'In Progress' } });
    expect(await unitState(pallet.sscc)).toEqual({ status: 'PENDING', reason: 'DISPATCHED', warehouseNo: 'W3010' });

    const q = await scan('STO', '3100000001', ssccScan(quarantined.sscc), 'CTN');
    expect(q.statusCode).toBe(409);
    expect(q.json()).toMatchObject({
      code: 'NOT_TRANSFERABLE',
      message: 'This item cannot be transferred: it is QUARANTINE / WAREHOUSE RECEIVED, not in saleable stock.',
    });
    expect((await scan('STO', '3100000001', packScan(packs[3]!), 'EA')).json().message).toContain('DAMAGED / WAREHOUSE RECEIVED');
    const e = await scan('STO', '3100000001', packScan(expired[0]!), 'EA');
    expect(e.statusCode).toBe(422);
    expect(e.json().code).toBe('PACK_EXPIRED');

    const bundle = await insertBundle(t.database.db, all[0]!, 'W3010', 'LBUNDLE001');
    expect((await scan('STO', '3100000002', bundle.packs[0]!, 'EA')).json().code).toBe('PACK_IN_BUNDLE');
    expect((await scan('STO', '3100000002', bundle.bundle, 'BUN')).json()).toMatchObject({ accepted: true, packs: 2 });
  });

  it('a transfer scan deleted before completion restores the state each unit had', async () => {
    expect((await scan('STO', '3100000001', packScan(packs[0]!), 'EA')).statusCode).toBe(200);
    const res = await reverse('STO', '3100000001', packScan(packs[0]!), 'EA');
    expect(res.statusCode, res.body).toBe(200);
    expect(await packState(packs[0]!)).toEqual({ status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED', warehouseNo: 'W3010' });
  });

  it("completes the transfer: 'Transfer scans saved successfully!', the units in transit in no warehouse, announced to the IBD", async () => {
    const done = await complete('STO', '3100000001');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ message: 'Transfer scans saved successfully!', document: { status: 'Completed' } });
    expect(await unitState(pallet.sscc)).toEqual({ status: 'TRANSIT', reason: 'PENDING GR', warehouseNo: null });
    expect(await packState(pallet.cartons[1]!.packs[4]!)).toEqual({ status: 'TRANSIT', reason: 'PENDING GR', warehouseNo: null });
    // The destination sees what is coming through the IBD that receives it.
    expect(await unitState(pallet.sscc, rdc, '')).toEqual({ status: 'TRANSIT', reason: 'PENDING GR', warehouseNo: null });
    const edit = await post(`/api/itemStatus${LDC}`, { code: ssccScan(pallet.sscc), unit: 'PLT', status: 'DAMAGED' });
    expect(edit.statusCode).toBe(422);
  });

  it('a transferred unit can no longer be dispatched or scrapped at the source', async () => {
    expect((await putDocument('OBD', '8100005152', local({}))).statusCode).toBe(200);
    expect((await putDocument('DECOMM', '7100005151', local({}))).statusCode).toBe(200);
    const d = await scan('OBD', '8100005152', ssccScan(pallet.sscc), 'PLT');
    expect(d.statusCode).toBe(409);
    expect(d.json()).toMatchObject({ code: 'NOT_SALEABLE', message: expect.stringContaining('TRANSIT / PENDING GR') });
    const s = await scan('DECOMM', '7100005151', ssccScan(pallet.cartons[0]!.sscc), 'CTN');
    expect(s.json()).toMatchObject({ code: 'NOT_SCRAPPABLE', message: 'This item cannot be scrapped: it is TRANSIT / PENDING GR.' });
  });

  it('is received at the destination on the IBD naming the STO', async () => {
    const other = await scan('IBD', '1700005152', ssccScan(later.sscc), 'CTN', rdc, null);
    expect(other.statusCode).toBe(409);
    const res = await scan('IBD', '1700005152', ssccScan(pallet.sscc), 'PLT', rdc, null);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ packs: 10 });
    const done = await post('/api/completeReceive', { ibdNo: '1700005152' }, rdc);
    expect(done.json()).toMatchObject({ message: 'Receive scans saved successfully!' });
    expect(await unitState(pallet.sscc, rdc, '')).toEqual({ status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED', warehouseNo: 'W2010' });
    expect(await packState(pallet.cartons[0]!.packs[0]!, rdc, '')).toMatchObject({ warehouseNo: 'W2010' });
  });

  it('an IBD arriving after its STO completed expects the transferred units at once', async () => {
    expect((await putDocument('STO', '3100000003', local({ destination: { plant: '2010' } }))).statusCode).toBe(200);
    expect((await scan('STO', '3100000003', ssccScan(later.sscc), 'CTN')).statusCode).toBe(200);
    expect((await complete('STO', '3100000003')).statusCode).toBe(200);
    const ibd = { warehouseNo: 'W2010', date: '2026-11-22', lines: lines(all[0]!, 4), receives: { type: 'STO', number: '3100000003' } };
    expect((await putDocument('IBD', '1700005153', ibd)).statusCode).toBe(200);
    expect((await scan('IBD', '1700005153', ssccScan(later.sscc), 'CTN', rdc, null)).json()).toMatchObject({ accepted: true, packs: 4 });
  });

  it('RTP takes any stock on hand of its warehouse, quarantined, damaged and expired included, but not stock picked on another document', async () => {
    const l = [
      { lineNo: 10, materialNo: all[0]!.materialNo, batchNo: all[0]!.batch, quantity: 10 },
      { lineNo: 20, materialNo: all[0]!.materialNo, batchNo: 'EXP01', quantity: 2 },
    ];
    expect((await putDocument('RTP', '4100000001', local({}, l))).statusCode).toBe(200);
    for (const [code, unit] of [
      [ssccScan(quarantined.sscc), 'CTN'],
      [packScan(packs[3]!), 'EA'],
      [packScan(expired[0]!), 'EA'],
      [packScan(expired[1]!), 'EA'],
    ] as const) {
      const res = await scan('RTP', '4100000001', code, unit);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await packState(expired[0]!)).toEqual({ status: 'PENDING', reason: 'DISPATCHED', warehouseNo: 'W3010' });
    // The bundle is on an open STO.
    const picked = await scan('RTP', '4100000001', `]d201${all[0]!.gtin}21LBUNDLE001`, 'BUN');
    expect(picked.statusCode).toBe(409);
    expect(picked.json()).toMatchObject({
      code: 'NOT_RETURNABLE_TO_PRINCIPAL',
      message: 'This item cannot be returned to the principal: it is PENDING / DISPATCHED.',
    });
    // Transferred and received at W2010: another warehouse's stock.
    expect((await scan('RTP', '4100000001', packScan(pallet.cartons[0]!.packs[0]!), 'EA')).json().code).toBe('OTHER_WAREHOUSE');
  });

  it('RTP scans cannot be deleted (spec point 6: RTP has Filter, Scan and Complete), even by a completely permitted user', async () => {
    const res = await reverse('RTP', '4100000001', packScan(packs[3]!), 'EA');
    expect(res.statusCode).toBe(403);
    expect(await packState(packs[3]!)).toMatchObject({ status: 'PENDING', reason: 'DISPATCHED' });
  });

  it("completes the RTP: 'RTP completed successfully!', the units dispatched to the principal and locked", async () => {
    const done = await complete('RTP', '4100000001');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ message: 'RTP completed successfully!', document: { status: 'Completed' } });
    expect(await unitState(quarantined.sscc)).toEqual({ status: 'TRANSIT', reason: 'DISPATCHED', warehouseNo: 'W3010' });
    expect(await packState(expired[1]!)).toMatchObject({ status: 'TRANSIT', reason: 'DISPATCHED' });
    const edit = await post(`/api/itemStatus${LDC}`, { code: packScan(packs[3]!), unit: 'EA', status: 'ACTIVE' });
    expect(edit.json().code).toBe('ITEM_LOCKED');
    expect((await putDocument('RTP', '4100000002', local({}))).statusCode).toBe(200);
    expect((await complete('RTP', '4100000002')).json()).toMatchObject({ message: 'Error completing RTP... Please try again later.' });
    expect((await scan('RTP', '4100000002', ssccScan(quarantined.sscc), 'CTN')).json().code).toBe('NOT_RETURNABLE_TO_PRINCIPAL');
  });

  describe('the area split: a local user never sees a regional document, nor a regional user a local one', () => {
    const families = [
      { type: 'OBD', list: '/api/obdList', details: '/api/obdNo', local: '8000000201', regional: '8000000101' },
      { type: 'RMA', list: '/api/rmaList', details: '/api/rmaNo', local: '6000000201', regional: '6000000101' },
      { type: 'DECOMM', list: '/api/decommList', details: '/api/decommNo', local: '7000000201', regional: '7000000101' },
      { type: 'STO', list: '/api/transferList', details: '/api/transferNo', local: '3100000002', regional: '3200000001' },
      { type: 'RTP', list: '/api/rtpList', details: '/api/rtpNo', local: '4100000002', regional: '4200000001' },
    ];

    beforeAll(async () => {
      // The ERP may put transfers and returns to principal on a regional warehouse too.
      const regional = { warehouseNo: 'W2010', date: '2026-11-22', lines: lines(all[0]!, 5) };
      expect((await putDocument('STO', '3200000001', { ...regional, destination: { plant: '3010' } })).statusCode).toBe(200);
      expect((await putDocument('RTP', '4200000001', regional)).statusCode).toBe(200);
    });

    it.each(families)('$type: lists and details of each area show only that area’s warehouses', async (f) => {
      const numbers = async (url: string) => (await get(url, admin)).json().data.map((d: { number: string }) => d.number);
      const localList = await get(`${f.list}${LDC}`, ldc);
      expect(localList.statusCode).toBe(200);
      expect(localList.json().data.every((d: { warehouseNo: string }) => d.warehouseNo === 'W3010')).toBe(true);
      expect(await numbers(`${f.list}${LDC}`)).toContain(f.local);
      expect(await numbers(`${f.list}${LDC}`)).not.toContain(f.regional);
      expect((await get(`${f.details}/${f.local}${LDC}`, ldc)).statusCode).toBe(200);
      expect((await get(`${f.details}/${f.regional}${LDC}`, ldc)).json()).toMatchObject({ code: 'DOCUMENT_NOT_FOUND' });
      expect((await get(`${f.details}/${f.regional}${LDC}`, admin)).statusCode).toBe(404);
      // A scan in the local area does not reach a regional document either.
      expect((await scan(f.type, f.regional, ssccScan(later.sscc), 'CTN', admin)).statusCode).toBe(404);

      if (f.type === 'STO' || f.type === 'RTP') {
        // The regional area runs no transfer or RTP module (spec point 2): not even an administrator lists them there.
        expect((await get(f.list, admin)).statusCode).toBe(403);
        expect((await get(`${f.details}/${f.local}`, rdc)).statusCode).toBe(403);
        return;
      }
      const regionalList = await get(f.list, rdc);
      expect(regionalList.json().data.every((d: { warehouseNo: string }) => d.warehouseNo === 'W2010')).toBe(true);
      expect(await numbers(f.list)).toContain(f.regional);
      expect(await numbers(f.list)).not.toContain(f.local);
      expect((await get(`${f.details}/${f.local}`, rdc)).statusCode).toBe(404);
      expect((await get(`${f.details}/${f.regional}`, rdc)).statusCode).toBe(200);
    });
  });
});
