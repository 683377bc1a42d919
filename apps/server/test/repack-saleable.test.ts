import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, ssccScan, type CartonSpec, type PackSpec, type PalletSpec } from '../src/seed/epcis-builder.ts';
import { receiveIbd } from '../src/seed/stock-builder.ts';
import { apiPort, makeCodes, products, type Product } from './inventory-fixtures.ts';
import { DATABASES, rowCount, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests } from './requests.ts';

/**
 * Issue 27, "Repack takes stock it must not" (decision 0062): repack takes only what dispatch would take,
 * refusing a pack that is not saleable with its state named as dispatch names it, and nothing changes; a
 * unit taken out of another pallet or carton is moved, and the answer names that pallet or carton. Both
 * areas (the local repack for a document, /ldc/repackScanOperation/{doc}, and the regional one).
 */
describe.each(DATABASES)('repack takes only saleable stock, and says where it took a unit from, on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let ldc: Record<string, string>;
  let rdc: Record<string, string>;
  let all: Product[];
  // Local stock (W3010).
  let carton: CartonSpec;
  let spoiltCarton: CartonSpec;
  let loose: PackSpec[];
  // Regional stock (W2010).
  let pallet: PalletSpec;
  let regionalPack: PackSpec;
  const REPACK_DOC = '2100006262';
  const OBD = '8100006262';
  const RDC_OBD = '8200006262';

  const { get, post } = requests({ app: () => t.app, as: () => ldc, area: 'LDC' });
  const setStatus = async (code: string, unit: string, status: string, area: 'RDC' | 'LDC' = 'LDC') => {
    const res = await post('/api/itemStatus', { code, unit, status }, area === 'LDC' ? ldc : rdc, area);
    expect(res.statusCode, res.body).toBe(200);
  };
  /** A new carton (or pallet) of the area, and its pending repack, made for `referenceNo` when given. */
  const newRepack = async (area: 'RDC' | 'LDC', type: 'CTN' | 'PLT', referenceNo?: string) => {
    const headers = area === 'LDC' ? ldc : rdc;
    const made = await post('/api/createPallet', { warehouseNo: area === 'LDC' ? 'W3010' : 'W2010', type }, headers, area);
    const sscc = made.json().sscc as string;
    const opened = await post('/api/repackScan', { code: ssccScan(sscc), ...(referenceNo ? { referenceNo } : {}) }, headers, area);
    expect(opened.statusCode, opened.body).toBe(200);
    return { sscc, repackNo: opened.json().repackNo as string };
  };
  const scanOp = (repackNo: string, code: string, area: 'RDC' | 'LDC', extra: object = {}) =>
    post('/api/repackScanOperation', { repackNo, code, scanId: randomUUID(), ...extra }, area === 'LDC' ? ldc : rdc, area);
  const unitRow = (key: { sscc: string } | PackSpec) =>
    t.database.db
      .selectFrom('handling_units as h')
      .leftJoin('handling_units as p', 'p.id', 'h.parent_id')
      .select(['h.status', 'h.reason', 'p.sscc as parent'])
      .where(...(('sscc' in key ? ['h.sscc', '=', key.sscc] : ['h.serial', '=', key.serial]) as ['h.sscc', '=', string]))
      .executeTakeFirstOrThrow();
  const counts = async () => ({ moves: await rowCount(t, 'repack_moves'), audit: await rowCount(t, 'audit_log') });
  const packId = (p: PackSpec) => `${p.gtin}/${p.serial}`;
  /** The state a refusal names: what stands between 'it is ' and ', not in saleable stock.'. */
  const stateIn = (text: string) => /it is (.+), not in saleable stock\.$/.exec(text)?.[1];

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    all = await products(t);
    const a = all[0]!;
    const codes = makeCodes(6262);
    carton = codes.carton(3, a);
    spoiltCarton = codes.carton(2, a);
    loose = codes.packs(7, a);
    await receiveIbd(apiPort(t.app, admin, 'LDC'), '1700006262', { cartons: [carton, spoiltCarton], packs: loose }, all, {
      warehouseNo: 'W3010',
    });
    pallet = codes.pallet(2, 2, a);
    regionalPack = codes.packs(1, a)[0]!;
    await receiveIbd(apiPort(t.app, admin, 'RDC'), '1800006262', { pallets: [pallet], packs: [regionalPack] }, all, {
      warehouseNo: 'W2010',
    });
    const line = [{ lineNo: 10, materialNo: a.materialNo, batchNo: a.batch, quantity: 20 }];
    const put = (type: string, number: string, warehouseNo: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/integration/documents/${type}/${number}`,
        headers: admin,
        payload: { warehouseNo, date: '2026-11-22', lines: line },
      });
    for (const [type, number, warehouseNo] of [
      ['REPACK', REPACK_DOC, 'W3010'],
      ['OBD', OBD, 'W3010'],
      ['OBD', RDC_OBD, 'W2010'],
    ] as const) {
      expect((await put(type, number, warehouseNo)).statusCode).toBe(200);
    }
  });
  afterAll(() => t?.close());

  it('a pack set DAMAGED, QUARANTINE, RETAINED, EXPIRED or SHORTAGE is refused with its state named as dispatch names it; nothing changes', async () => {
    const { sscc, repackNo } = await newRepack('LDC', 'CTN', REPACK_DOC);
    const statuses = ['DAMAGED', 'QUARANTINE', 'RETAINED', 'EXPIRED', 'SHORTAGE'] as const;
    for (const [i, status] of statuses.entries()) {
      const pack = loose[i]!;
      await setStatus(packScan(pack), 'EA', status);
      const before = await counts();
      const res = await scanOp(repackNo, packScan(pack), 'LDC');
      expect(res.statusCode, status).toBe(422);
      expect(res.json()).toEqual({
        code: 'REPACK_NOT_SALEABLE',
        message: `This item cannot be repacked: it is ${status} / WAREHOUSE RECEIVED, not in saleable stock.`,
      });
      expect(await counts()).toEqual(before);
      expect(await unitRow(pack)).toEqual({ status, reason: 'WAREHOUSE RECEIVED', parent: null });
      // Dispatch refuses the same pack naming the same state, in the same words.
      const dispatched = await post(
        '/api/scanForOperation',
        { docType: 'OBD', docNo: OBD, code: packScan(pack), unit: 'EA', idType: 'GS1', scanId: randomUUID() },
        ldc,
        'LDC',
      );
      expect(dispatched.json().code).toBe('NOT_SALEABLE');
      expect(stateIn(res.json().message)).toBe(stateIn(dispatched.json().message));
    }
    const view = (await get(`/api/repackNo/${repackNo}`)).json();
    expect(view).toMatchObject({ destination: { sscc }, contents: [], packs: 0, moves: 0 });
  });

  it('a carton holding a DAMAGED pack is refused naming that pack and its state; the carton stays as it was', async () => {
    const { repackNo } = await newRepack('LDC', 'PLT');
    const spoilt = spoiltCarton.packs[1]!;
    await setStatus(packScan(spoilt), 'EA', 'DAMAGED');
    const before = await counts();
    const res = await scanOp(repackNo, ssccScan(spoiltCarton.sscc), 'LDC');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'REPACK_NOT_SALEABLE_INSIDE',
      message: `This carton cannot be repacked: pack ${packId(spoilt)} in it is DAMAGED / WAREHOUSE RECEIVED, not in saleable stock.`,
    });
    expect(await counts()).toEqual(before);
    expect((await unitRow({ sscc: spoiltCarton.sscc })).parent).toBeNull();
    expect((await unitRow(spoilt)).parent).toBe(spoiltCarton.sscc);
  });

  it('a pack taken out of another carton is moved and the answer names that carton; a loose pack names none', async () => {
    const { sscc, repackNo } = await newRepack('LDC', 'CTN', REPACK_DOC);
    const pack = carton.packs[0]!;
    const before = await counts();
    const res = await scanOp(repackNo, packScan(pack), 'LDC');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      moved: { id: packId(pack), parent: sscc },
      takenFrom: {
        id: carton.sscc,
        type: 'CTN',
        packs: 2,
        message: `Taken out of carton ${carton.sscc}: 2 packs left in it.`,
      },
      repack: { sourceSsccs: [carton.sscc], packs: 1 },
    });
    expect((await unitRow(pack)).parent).toBe(sscc);
    expect(await counts()).toMatchObject({ moves: before.moves + 1 });
    // The unit's history names the repack, not the scan's id.
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['reason', 'after_json'])
      .where('action', '=', 'repack-add')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.reason).toBe(`repack ${repackNo}`);
    expect(JSON.parse(audit.after_json!)).toMatchObject({ scanId: expect.any(String) });

    const free = await scanOp(repackNo, packScan(loose[5]!), 'LDC');
    expect(free.statusCode).toBe(200);
    expect(free.json().takenFrom).toBeNull();
    // Taken off the destination again: it comes off the destination, no other carton to name.
    const off = await scanOp(repackNo, packScan(pack), 'LDC', { remove: true });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ moved: { parent: null }, takenFrom: null });
  });

  it('a pack that became DAMAGED on the destination can be taken off; nothing goes onto a DAMAGED destination', async () => {
    const { sscc, repackNo } = await newRepack('LDC', 'CTN');
    const pack = loose[6]!;
    expect((await scanOp(repackNo, packScan(pack), 'LDC')).statusCode).toBe(200);
    await setStatus(packScan(pack), 'EA', 'DAMAGED');
    const off = await scanOp(repackNo, packScan(pack), 'LDC', { remove: true });
    expect(off.statusCode, off.body).toBe(200);
    expect((await unitRow(pack)).parent).toBeNull();

    await setStatus(ssccScan(sscc), 'CTN', 'DAMAGED');
    const before = await counts();
    const onto = await scanOp(repackNo, packScan(carton.packs[1]!), 'LDC');
    expect(onto.statusCode).toBe(422);
    expect(onto.json()).toEqual({
      code: 'REPACK_TARGET_NOT_SALEABLE',
      message: `Nothing can be repacked onto carton ${sscc}: it is DAMAGED / WAREHOUSE RECEIVED, not in saleable stock.`,
    });
    expect(await counts()).toEqual(before);
    expect((await unitRow(carton.packs[1]!)).parent).toBe(carton.sscc);
  });

  it('the regional repack: a DAMAGED pack refused as dispatch refuses it; a carton taken off its pallet names the pallet (remapHU too)', async () => {
    const { sscc, repackNo } = await newRepack('RDC', 'PLT');
    await setStatus(packScan(regionalPack), 'EA', 'DAMAGED', 'RDC');
    const before = await counts();
    const refused = await scanOp(repackNo, packScan(regionalPack), 'RDC');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      code: 'REPACK_NOT_SALEABLE',
      message: 'This item cannot be repacked: it is DAMAGED / WAREHOUSE RECEIVED, not in saleable stock.',
    });
    const dispatched = await post(
      '/api/scanForOperation',
      { docType: 'OBD', docNo: RDC_OBD, code: packScan(regionalPack), unit: 'EA', idType: 'GS1', scanId: randomUUID() },
      rdc,
      'RDC',
    );
    expect(stateIn(refused.json().message)).toBe(stateIn(dispatched.json().message));
    const remapped = await post('/api/remapHU', { code: packScan(regionalPack), to: sscc, scanId: randomUUID() }, rdc, 'RDC');
    expect(remapped.json().code).toBe('REPACK_NOT_SALEABLE');
    expect(await counts()).toEqual(before);

    const first = pallet.cartons[0]!;
    const moved = await scanOp(repackNo, ssccScan(first.sscc), 'RDC');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().takenFrom).toEqual({
      id: pallet.sscc,
      type: 'PLT',
      packs: 2,
      message: `Taken out of pallet ${pallet.sscc}: 2 packs left in it.`,
    });
    const second = pallet.cartons[1]!.packs[0]!;
    const remap = await post('/api/remapHU', { code: packScan(second), to: sscc, scanId: randomUUID() }, rdc, 'RDC');
    expect(remap.statusCode, remap.body).toBe(200);
    expect(remap.json()).toMatchObject({
      parent: sscc,
      takenFrom: {
        id: pallet.cartons[1]!.sscc,
        type: 'CTN',
        packs: 1,
        message: `Taken out of carton ${pallet.cartons[1]!.sscc}: 1 pack left in it.`,
      },
    });
  });
});
