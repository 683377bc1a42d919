import { randomUUID } from 'node:crypto';
import { withCheckDigit } from '@pharma/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealAudit, verifyAuditChain } from '../src/db/audit.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, ssccScan, type PalletSpec, type CartonSpec, type PackSpec } from '../src/seed/epcis-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests } from './requests.ts';
import { makeCodes, products, stageInbound, type Product } from './inventory-fixtures.ts';

describe.each(DATABASES)('regional receiving on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let rdc: Record<string, string>;
  let all: Product[];
  const IBD = '1900000001';
  let pallet: PalletSpec;
  let carton: CartonSpec;
  let packs: PackSpec[];
  let foreign: CartonSpec;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    all = await products(t);
    const codes = makeCodes(77);
    pallet = codes.pallet(3, 10, all[0]!);
    carton = codes.carton(8, all[1]!);
    packs = codes.packs(4, all[2]!);
    foreign = codes.carton(5, all[0]!);
    await stageInbound(t.app, admin, IBD, { pallets: [pallet], cartons: [carton], packs }, all, 2);
    await stageInbound(t.app, admin, '1900000002', { cartons: [foreign] }, all);
  });
  afterAll(() => t?.close());

  const { get, post, scan: scanAs } = requests({ app: () => t.app, as: () => rdc });
  const scan = (code: string, unit: string, scanId = randomUUID(), docNo = IBD) => scanAs('IBD', docNo, code, unit, rdc, null, scanId);
  const details = async () => (await get(`/api/ibdNo/${IBD}`)).json();

  it('lists the IBD with its quantities, 20 a page, filtered and sorted', async () => {
    const res = await get('/api/ibdList?status=Open&sort=number&search=19000');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    expect(body.data[0]).toMatchObject({ number: IBD, status: 'Open', quantity: 30 + 2 + 8 + 4, scannedQuantity: 0 });
    const short = await get('/api/ibdList?search=1900');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Please enter at least 5 characters to search.');
    const range = await get('/api/ibdList?from=2025-01-01&to=2026-01-01');
    expect(range.json().message).toBe('Please select a valid date range of less than 1 year');
  });

  it('a pallet scan receives every pack under it in one scan and moves the IBD to In Progress', async () => {
    const res = await scan(ssccScan(pallet.sscc), 'PLT');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      accepted: true,
      packs: 30,
      unit: { type: 'PLT', id: pallet.sscc },
      document: { status: 'In Progress' },
    });
    const line = res.json().data.find((l: { materialNo: string }) => l.materialNo === all[0]!.materialNo);
    expect(line).toMatchObject({ quantity: 32, scannedQuantity: 30, scannedDetails: [pallet.sscc] });
  });

  it('a repeated scanId returns the first answer and changes nothing', async () => {
    const id = randomUUID();
    const first = await scan(ssccScan(carton.sscc), 'CTN', id);
    const again = await scan(ssccScan(carton.sscc), 'CTN', id);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const line = (await details()).data.find((l: { materialNo: string }) => l.materialNo === all[1]!.materialNo);
    expect(line.scannedQuantity).toBe(8);
    const reused = await scan(packScan(packs[0]!), 'EA', id);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('SCAN_ID_REUSED');
  });

  it('records a scan naming its maker only under that maker: another caller gets 409 and changes nothing', async () => {
    const own = makeCodes(992).packs(2, all[2]!);
    await stageInbound(t.app, admin, '1900000005', { packs: own }, all);
    const idOf = async (headers: Record<string, string>) =>
      ((await t.app.inject({ method: 'GET', url: '/api/me', headers })).json() as { user: { id: string } }).user.id;
    const [adminId, rdcId] = [await idOf(admin), await idOf(rdc)];
    const claim = (code: string, userId: string, scanId = randomUUID()) =>
      post('/api/scanForOperation', { docType: 'IBD', docNo: '1900000005', code, unit: 'EA', scanId, userId });
    const lines = async () => (await get('/api/ibdNo/1900000005')).json();
    const before = await lines();
    const id = randomUUID();
    const wrong = await claim(packScan(own[0]!), adminId, id);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toEqual({
      code: 'SCAN_OF_ANOTHER_USER',
      message: 'This scan was made by another user: it is recorded only when that user is signed in.',
    });
    expect(await lines()).toEqual(before);
    // The same scan sent later under its maker's session is recorded, under that maker.
    const right = await claim(packScan(own[0]!), rdcId, id);
    expect(right.statusCode).toBe(200);
    const search = await get(`/api/serialSearch/${encodeURIComponent(own[0]!.serial)}`);
    expect(search.json().data[0].history.at(-1)).toMatchObject({ by: DEMO_USERS.rdc });
    // A replay of that scanId claiming another user is still refused: the claim is checked first.
    expect((await claim(packScan(own[0]!), adminId, id)).statusCode).toBe(409);
  });

  it('a carton one of whose packs is already on the IBD names those packs and what to do, and changes nothing', async () => {
    const box = makeCodes(993).carton(6, all[1]!);
    await stageInbound(t.app, admin, '1900000006', { cartons: [box] }, all);
    const on = (code: string, unit: string) => scanAs('IBD', '1900000006', code, unit);
    for (const p of box.packs.slice(0, 5)) expect((await on(packScan(p), 'EA')).statusCode).toBe(200);
    const before = (await get('/api/ibdNo/1900000006')).json();
    const res = await on(ssccScan(box.sscc), 'CTN');
    expect(res.statusCode).toBe(409);
    const [a, b, c] = box.packs.map((p) => `Pack ${p.gtin}/${p.serial}`);
    expect(res.json()).toEqual({
      code: 'ALREADY_SCANNED_IN_PART',
      message:
        `Part of this carton is already on IBD 1900000006: ${a}, ${b}, ${c} and 2 more. Scan its other packs one by one with ` +
        "'Add Pack', or remove those from the document (✕ on the scan page) and scan the carton again.",
    });
    expect((await get('/api/ibdNo/1900000006')).json()).toEqual(before);
  });

  it('a pack typed as a scanner types it (textual group separator) counts one', async () => {
    const res = await scan(packScan(packs[0]!, '<GS>'), 'EA');
    expect(res.statusCode).toBe(200);
    expect(res.json().packs).toBe(1);
  });

  it.each([
    ['a duplicate item', () => scan(ssccScan(pallet.sscc), 'PLT'), 409, 'ALREADY_SCANNED'],
    ['a pack inside a scanned pallet', () => scan(packScan(pallet.cartons[1]!.packs[3]!), 'EA'), 409, 'ALREADY_SCANNED'],
    ['a foreign item expected on another IBD', () => scan(ssccScan(foreign.sscc), 'CTN'), 422, 'NOT_EXPECTED'],
    ['an unknown SSCC', () => scan(ssccScan(withCheckDigit('18881234099999999')), 'PLT'), 422, 'SSCC_NOT_RECOGNIZED'],
    ['an SSCC with a wrong check digit', () => scan(ssccScan('188812340999999991'), 'PLT'), 400, 'GS1_BAD_CHECK_DIGIT'],
    ['a pack with a wrong check digit', () => scan(']d20108881234100004' + '21X', 'EA'), 400, 'GS1_BAD_CHECK_DIGIT'],
    ['a pallet scanned as a carton', () => scan(ssccScan(pallet.sscc), 'CTN'), 422, 'UNIT_TYPE_MISMATCH'],
    ['a pack scanned in pallet mode', () => scan(packScan(packs[1]!), 'PLT'), 400, 'PACK_CODE_IN_SSCC_MODE'],
    ['a bare SSCC typed in pallet mode', () => scan(pallet.sscc, 'PLT'), 400, 'SSCC_WITHOUT_AI'],
    ['a pack without a serial', () => scan(`01${packs[1]!.gtin}10${packs[1]!.batch}`, 'EA'), 400, undefined],
    ['an unknown document', () => scan(packScan(packs[1]!), 'EA', randomUUID(), '1999999999'), 404, 'DOCUMENT_NOT_FOUND'],
  ])('refuses %s and changes nothing', async (_name, attempt, status, code) => {
    const before = await details();
    const res = await attempt();
    expect(res.statusCode).toBe(status);
    if (code) expect(res.json().code).toBe(code);
    expect(res.json().message).toEqual(expect.any(String));
    expect(await details()).toEqual(before);
  });

  it('a pack code in pallet mode says what it is and what to scan instead', async () => {
    const res = await scan(packScan(packs[1]!), 'PLT');
    expect(res.json()).toEqual({
      code: 'PACK_CODE_IN_SSCC_MODE',
      message: "This is a pack code: choose Pack, or scan the pallet's SSCC label.",
    });
  });

  it("refuses more packs than expected: 'Quantity exceeded'", async () => {
    const codes = makeCodes(991);
    const over = codes.carton(3, all[3]!);
    await stageInbound(t.app, admin, '1900000003', { cartons: [over] }, all);
    // The ERP lowers the quantity to 2 after the supplier's notice said 3.
    await t.app.inject({
      method: 'PUT',
      url: '/api/integration/documents/IBD/1900000003',
      headers: admin,
      payload: {
        warehouseNo: 'W2010',
        date: '2026-11-21',
        lines: [{ lineNo: 1, materialNo: all[3]!.materialNo, batchNo: all[3]!.batch, quantity: 2 }],
      },
    });
    const res = await scan(ssccScan(over.sscc), 'CTN', randomUUID(), '1900000003');
    expect(res.statusCode).toBe(422);
    // The spec's sentence, with the numbers beside it (issue 27).
    expect(res.json()).toEqual({
      code: 'QUANTITY_EXCEEDED',
      message: `Quantity exceeded: 2 expected, 0 already scanned, this scan 3 (material ${all[3]!.materialNo}, batch ${all[3]!.batch}).`,
    });
  });

  it('deleting a scanned item takes its packs off the document', async () => {
    const res = await post('/api/reverseOperation', { docType: 'IBD', docNo: IBD, code: packScan(packs[0]!), scanId: randomUUID() });
    expect(res.statusCode).toBe(200);
    expect(res.json().packs).toBe(1);
    const line = res.json().data.find((l: { materialNo: string }) => l.materialNo === all[2]!.materialNo);
    expect(line.scannedQuantity).toBe(0);
    const again = await post('/api/reverseOperation', { docType: 'IBD', docNo: IBD, code: packScan(packs[0]!), scanId: randomUUID() });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('NOT_SCANNED_ON_DOCUMENT');
  });

  it('completes: received units ACTIVE / WAREHOUSE RECEIVED, the shortage recorded, further scans refused', async () => {
    await scan(packScan(packs[1]!), 'EA');
    const res = await post('/api/completeReceive', { ibdNo: IBD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Receive scans saved successfully!', document: { status: 'Completed' } });
    const lines = res.json().data;
    expect(lines.find((l: { materialNo: string }) => l.materialNo === all[0]!.materialNo)).toMatchObject({
      quantity: 32,
      scannedQuantity: 30,
      shortageQuantity: 2,
    });
    expect(lines.find((l: { materialNo: string }) => l.materialNo === all[2]!.materialNo)).toMatchObject({
      quantity: 4,
      scannedQuantity: 1,
      shortageQuantity: 3,
    });

    const found = (await get(`/api/searchSSCC/${encodeURIComponent(ssccScan(pallet.sscc))}`)).json().data;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      type: 'PLT',
      sscc: pallet.sscc,
      status: 'ACTIVE',
      reason: 'WAREHOUSE RECEIVED',
      warehouseNo: 'W2010',
      packs: 30,
      parent: null,
    });
    expect(found[0].children).toHaveLength(3);
    expect(found[0].history.map((h: { action: string }) => h.action)).toEqual(['commission', `scan IBD ${IBD}`, `complete IBD ${IBD}`]);
    expect(found[0].editableStatuses).toEqual(['ACTIVE', 'DAMAGED', 'QUARANTINE', 'SHORTAGE', 'EXPIRED', 'RETAINED']);

    const missing = (await get(`/api/serialSearch/${encodeURIComponent(packs[2]!.serial)}`)).json().data;
    expect(missing[0]).toMatchObject({ status: 'SHORTAGE', reason: 'PENDING GR', editableStatuses: [] });

    const late = await scan(packScan(packs[3]!), 'EA');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('DOCUMENT_COMPLETED');
    const twice = await post('/api/completeReceive', { ibdNo: IBD });
    expect(twice.statusCode).toBe(409);
  });

  it('completing with nothing scanned is refused with the spec message', async () => {
    const res = await post('/api/completeReceive', { ibdNo: '1900000002' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Error completing receive... Please try again later.');
  });

  it('edits an item status only to what the table offers, and refuses a locked item', async () => {
    const res = await post('/api/itemStatus', {
      code: ssccScan(pallet.cartons[0]!.sscc),
      unit: 'CTN',
      status: 'QUARANTINE',
      reason: 'temperature excursion',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'QUARANTINE', packs: 10 });
    expect(res.json().history.at(-1)).toMatchObject({
      action: 'status',
      by: DEMO_USERS.rdc,
      reason: 'temperature excursion',
      after: { status: 'QUARANTINE' },
    });
    const pending = await post('/api/itemStatus', { code: packScan(packs[2]!), unit: 'EA', status: 'ACTIVE' });
    expect(pending.statusCode).toBe(422);
    expect(pending.json().code).toBe('STATUS_NOT_OFFERED');
  });

  it('a serial alone can match several GTINs', async () => {
    const res = await get(`/api/serialSearch/${encodeURIComponent(pallet.cartons[0]!.packs[0]!.serial)}`);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0]).toMatchObject({ type: 'EA', gtin: all[0]!.gtin, parent: { type: 'CTN', id: pallet.cartons[0]!.sscc } });
  });

  it('the audit trail has one row per unit state change', async () => {
    const rows = await t.database.db.selectFrom('audit_log').select('entity_id').where('action', '=', `scan IBD ${IBD}`).execute();
    // pallet + 3 cartons + 30 packs, carton + 8 packs, 2 single packs
    expect(rows.length).toBe(34 + 9 + 2);
  });

  it("every audit row the scans, reverses, completion and status changes wrote carries the server's MAC (decision 0059)", async () => {
    await sealAudit(t.database.db);
    const chain = await verifyAuditChain(t.database.db);
    expect(chain).toMatchObject({ ok: true, unsealed: 0, legacy: 0 });
    expect(chain.sealed).toBeGreaterThan(45);
  });
});
