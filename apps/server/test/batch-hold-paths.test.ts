import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartonLabelCode, type BatchStatus } from '@pharma/domain';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, ssccScan, type CartonSpec, type PackSpec, type PalletSpec } from '../src/seed/epcis-builder.ts';
import { receiveIbd, stageIbd } from '../src/seed/stock-builder.ts';
import { DATABASES, rowCount, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests } from './requests.ts';
import { apiPort, makeCodes, products, type Product } from './inventory-fixtures.ts';

/**
 * Issue 30 (decision 0072): a batch on hold or recalled stops its stock on the paths outside the line
 * engine's scan: repack onto a new pallet or carton, redress's scans into a carton (by serial and by
 * count), ScanLite's counted scans, and the lite '+' families, each as its family's `heldBatch` says.
 * Every refusal names the batch and its status and changes nothing; the release makes the same scan
 * accepted; a held pack may always be taken off. On SQLite and PostgreSQL.
 */
describe.each(DATABASES)('held batches off the line engine on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let ldc: Record<string, string>;
  let rdc: Record<string, string>;
  let a: Product;
  const codes = makeCodes(3030);
  const batchOf = (batch: string) => ({ ...a, batch });
  // Repack (W3010 and W2010).
  let heldCarton: CartonSpec;
  let mixedCarton: CartonSpec;
  let looseHeld: PackSpec[];
  let rdcPallet: PalletSpec;
  // Redress (W3010).
  let redressPacks: PackSpec[];
  // The lite '+' families (W3010): a carton for each, and one announced for Receive+.
  const plus: Record<string, CartonSpec> = {};
  let announced: CartonSpec;

  const REPACK = 'RP30HOLD';
  const REPACK_RDC = 'RP30RDC';
  const REDRESS = 'RD30HOLD';
  const SCANLITE = 'SL30HOLD';
  const LITE = 'LP30HOLD';
  const PO = '5100003030';
  const SCANLITE_DOC = '9100003030';

  const { get, post } = requests({ app: () => t.app, as: () => ldc, area: 'LDC' });

  /** The batch's status, set as quality sets it: PUT /api/batches/{materialNo}/{batchNo}/status, with a reason. */
  const setBatch = async (batchNo: string, status: BatchStatus) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/batches/${a.materialNo}/${batchNo}/status?area=LDC`,
      headers: admin,
      payload: { status, reason: 'Issue 30: quality check' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(status);
  };
  const heldText = (batchNo: string, status: string) =>
    `Batch ${batchNo} of material ${a.materialNo} is ${status}: this item cannot be scanned here.`;
  const heldInside = (batchNo: string, status: string) =>
    `This carton holds packs of batch ${batchNo} of material ${a.materialNo}, which is ${status}: it cannot be scanned here.`;
  const repackText = (batchNo: string, status: string) =>
    `This item cannot be repacked: batch ${batchNo} of material ${a.materialNo} in it is ${status}.`;
  const counts = async () => ({
    audit: await rowCount(t, 'audit_log'),
    moves: await rowCount(t, 'repack_moves'),
    scans: await rowCount(t, 'scans'),
  });
  const unitRow = (key: { sscc: string } | PackSpec) =>
    t.database.db
      .selectFrom('handling_units as h')
      .leftJoin('handling_units as p', 'p.id', 'h.parent_id')
      .select(['h.status', 'h.reason', 'p.sscc as parent'])
      .where(...(('sscc' in key ? ['h.sscc', '=', key.sscc] : ['h.serial', '=', key.serial]) as ['h.sscc', '=', string]))
      .executeTakeFirstOrThrow();
  const inStock = { status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED' };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    const all = await products(t);
    a = all[0]!;
    heldCarton = codes.carton(2, batchOf(REPACK));
    mixedCarton = { sscc: codes.sscc(), packs: [...codes.packs(1, a), ...codes.packs(1, batchOf(REPACK))] };
    looseHeld = codes.packs(3, batchOf(REPACK));
    redressPacks = codes.packs(6, batchOf(REDRESS));
    for (const name of ['dispatch', 'transfer', 'redress', 'decomm', 'rtp']) plus[name] = codes.carton(3, batchOf(LITE));
    await receiveIbd(
      apiPort(t.app, admin, 'LDC'),
      '1700003030',
      { cartons: [heldCarton, mixedCarton, ...Object.values(plus)], packs: [...looseHeld, ...redressPacks] },
      all,
      { warehouseNo: 'W3010' },
    );
    announced = codes.carton(2, batchOf(LITE));
    await stageIbd(apiPort(t.app, admin), '1700003031', { cartons: [announced] }, all, { warehouseNo: 'W3010' });
    rdcPallet = codes.pallet(2, 2, batchOf(REPACK_RDC));
    await receiveIbd(apiPort(t.app, admin, 'RDC'), '1800003030', { pallets: [rdcPallet] }, all, { warehouseNo: 'W2010' });

    const put = (type: string, number: string, lines: object[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/integration/documents/${type}/${number}`,
        headers: admin,
        payload: { warehouseNo: 'W3010', date: '2026-11-22', lines },
      });
    expect((await put('RRD', PO, [{ lineNo: 10, materialNo: a.materialNo, batchNo: REDRESS, quantity: 6 }])).statusCode).toBe(200);
    expect(
      (await put('SCANLITE', SCANLITE_DOC, [{ lineNo: 10, materialNo: a.materialNo, batchNo: SCANLITE, quantity: 3 }])).statusCode,
    ).toBe(200);
  });
  afterAll(() => t?.close());

  describe('repack', () => {
    const newRepack = async (type: 'CTN' | 'PLT', area: 'RDC' | 'LDC' = 'LDC') => {
      const headers = area === 'LDC' ? ldc : rdc;
      const made = await post('/api/createPallet', { warehouseNo: area === 'LDC' ? 'W3010' : 'W2010', type }, headers, area);
      const sscc = made.json().sscc as string;
      const opened = await post('/api/repackScan', { code: ssccScan(sscc) }, headers, area);
      expect(opened.statusCode, opened.body).toBe(200);
      return { sscc, repackNo: opened.json().repackNo as string };
    };
    const scanOp = (repackNo: string, code: string, extra: object = {}, area: 'RDC' | 'LDC' = 'LDC') =>
      post('/api/repackScanOperation', { repackNo, code, scanId: randomUUID(), ...extra }, area === 'LDC' ? ldc : rdc, area);
    const remap = (code: string, to: string | null) => post('/api/remapHU', { code, to, scanId: randomUUID() });
    let carton: { sscc: string; repackNo: string };
    let pallet: { sscc: string; repackNo: string };

    it('a held pack, and a carton holding one, are refused onto a new carton or pallet naming the batch and its status; nothing changes', async () => {
      carton = await newRepack('CTN');
      pallet = await newRepack('PLT');
      await setBatch(REPACK, 'ON_HOLD');
      const before = await counts();
      const pack = await scanOp(carton.repackNo, packScan(looseHeld[0]!));
      expect(pack.statusCode).toBe(422);
      expect(pack.json()).toEqual({ code: 'BATCH_HELD_REPACK', message: repackText(REPACK, 'on hold') });
      // The mixed carton holds one pack of the held batch beside one of a released batch.
      const mixed = await scanOp(pallet.repackNo, ssccScan(mixedCarton.sscc));
      expect(mixed.json()).toEqual({ code: 'BATCH_HELD_REPACK', message: repackText(REPACK, 'on hold') });
      // A pack taken out of its carton onto another, outside any repack (remapHU).
      const moved = await remap(packScan(heldCarton.packs[0]!), carton.sscc);
      expect(moved.json()).toEqual({ code: 'BATCH_HELD_REPACK', message: repackText(REPACK, 'on hold') });
      expect(await counts()).toEqual(before);
      expect(await unitRow(looseHeld[0]!)).toEqual({ ...inStock, parent: null });
      expect(await unitRow({ sscc: mixedCarton.sscc })).toEqual({ ...inStock, parent: null });
      expect(await unitRow(heldCarton.packs[0]!)).toEqual({ ...inStock, parent: heldCarton.sscc });
      // What the repack page shows of the unit before a move: taking it off its carton is allowed.
      const code = await post('/api/handleRepackCode', { code: packScan(heldCarton.packs[0]!) });
      expect(code.json()).toMatchObject({ movable: true, refusal: null });
    });

    it('released, the same pack and carton go on', async () => {
      await setBatch(REPACK, 'RELEASED');
      const pack = await scanOp(carton.repackNo, packScan(looseHeld[0]!));
      expect(pack.statusCode, pack.body).toBe(200);
      expect(pack.json()).toMatchObject({ moved: { parent: carton.sscc }, repack: { packs: 1 } });
      expect((await scanOp(pallet.repackNo, ssccScan(mixedCarton.sscc))).statusCode).toBe(200);
      expect(await unitRow({ sscc: mixedCarton.sscc })).toEqual({ ...inStock, parent: pallet.sscc });
    });

    it('recalled: taking a held pack or carton off is allowed (off the destination, out of its carton); putting on stays refused', async () => {
      await setBatch(REPACK, 'RECALLED');
      const off = await scanOp(carton.repackNo, packScan(looseHeld[0]!), { remove: true });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toMatchObject({ moved: { parent: null }, repack: { packs: 0 } });
      const cartonOff = await scanOp(pallet.repackNo, ssccScan(mixedCarton.sscc), { remove: true });
      expect(cartonOff.statusCode, cartonOff.body).toBe(200);
      const out = await remap(packScan(heldCarton.packs[1]!), null);
      expect(out.statusCode, out.body).toBe(200);
      expect(out.json()).toMatchObject({ parent: null, takenFrom: { id: heldCarton.sscc, packs: 1 } });
      expect(await unitRow(heldCarton.packs[1]!)).toEqual({ ...inStock, parent: null });
      const onto = await scanOp(carton.repackNo, packScan(looseHeld[1]!));
      expect(onto.json()).toEqual({ code: 'BATCH_HELD_REPACK', message: repackText(REPACK, 'recalled') });
      expect(await unitRow(looseHeld[1]!)).toEqual({ ...inStock, parent: null });
    });

    it('the regional repack: a carton of a held batch is refused off its pallet onto a new one; released, it moves', async () => {
      const target = await newRepack('PLT', 'RDC');
      const moving = rdcPallet.cartons[0]!;
      await setBatch(REPACK_RDC, 'ON_HOLD');
      const before = await counts();
      const refused = await scanOp(target.repackNo, ssccScan(moving.sscc), {}, 'RDC');
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ code: 'BATCH_HELD_REPACK', message: repackText(REPACK_RDC, 'on hold') });
      expect(await counts()).toEqual(before);
      expect(await unitRow({ sscc: moving.sscc })).toEqual({ ...inStock, parent: rdcPallet.sscc });
      await setBatch(REPACK_RDC, 'RELEASED');
      const moved = await scanOp(target.repackNo, ssccScan(moving.sscc), {}, 'RDC');
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ moved: { parent: target.sscc }, takenFrom: { id: rdcPallet.sscc } });
    });
  });

  describe('redress', () => {
    const cartonCode = codes.sscc();
    const series = (pack: PackSpec) =>
      post('/api/scanSeries', { poNo: PO, cartonCode, scanType: 'SERIES', code: packScan(pack), scanId: randomUUID() });
    const count = (quantity: number) =>
      post('/api/scanSeries', { poNo: PO, cartonCode, scanType: 'NON_SERIES', quantity, scanId: randomUUID() });
    const visible = async () => (await get(`/api/rrdCartons/${PO}`)).json().data[0].visibleQty as number;

    it('a pack of a held batch is refused into its carton, by serial and by count, naming the batch and its status; nothing changes', async () => {
      expect((await post('/api/validateBPR', { poNo: PO, bprNo: 'BPR-3030' })).statusCode).toBe(200);
      const label = cartonLabelCode({ cartonCode, gtin: a.gtin, batchNo: REDRESS, qty: 6 });
      expect((await post('/api/validateRRDLabel', { poNo: PO, code: label })).statusCode).toBe(200);
      await setBatch(REDRESS, 'ON_HOLD');
      const before = await counts();
      const bySerial = await series(redressPacks[0]!);
      expect(bySerial.statusCode).toBe(422);
      expect(bySerial.json()).toEqual({ code: 'BATCH_HELD', message: heldText(REDRESS, 'on hold') });
      const byCount = await count(2);
      expect(byCount.statusCode).toBe(422);
      expect(byCount.json()).toEqual({ code: 'BATCH_HELD', message: heldText(REDRESS, 'on hold') });
      expect(await counts()).toEqual(before);
      expect(await rowCount(t, 'counted_packs')).toBe(0);
      expect(await visible()).toBe(0);
      expect(await unitRow(redressPacks[0]!)).toEqual({ ...inStock, parent: null });
    });

    it('released, the pack goes into the carton and the count is taken; recalled, refused again', async () => {
      await setBatch(REDRESS, 'RELEASED');
      const bySerial = await series(redressPacks[0]!);
      expect(bySerial.statusCode, bySerial.body).toBe(200);
      expect((await count(2)).statusCode).toBe(200);
      expect(await visible()).toBe(3);
      expect((await unitRow(redressPacks[0]!)).parent).toBe(cartonCode);
      await setBatch(REDRESS, 'RECALLED');
      expect((await series(redressPacks[1]!)).json()).toEqual({ code: 'BATCH_HELD', message: heldText(REDRESS, 'recalled') });
      expect((await count(1)).json()).toEqual({ code: 'BATCH_HELD', message: heldText(REDRESS, 'recalled') });
      expect(await visible()).toBe(3);
    });
  });

  describe('ScanLite (counted)', () => {
    /** A counted pack's code: GTIN, expiry, and the batch last (variable length, no separator needed). */
    const code = () => `]d201${a.gtin}1728063010${SCANLITE}`;
    const scan = (path: '/api/scanForOperation' | '/api/scanLiteScanOperation' = '/api/scanForOperation') =>
      post(path, { docType: 'SCANLITE', docNo: SCANLITE_DOC, code: code(), unit: 'EA', idType: 'GS1', scanId: randomUUID() });
    const scanned = async () => (await get(`/api/scanLiteNo/${SCANLITE_DOC}`)).json().data[0].scannedQuantity as number;

    it('a counted pack of a held batch is refused on both scan paths, naming the batch and its status; nothing is counted', async () => {
      await setBatch(SCANLITE, 'ON_HOLD');
      const before = await counts();
      for (const path of ['/api/scanForOperation', '/api/scanLiteScanOperation'] as const) {
        const res = await scan(path);
        expect(res.statusCode, path).toBe(422);
        expect(res.json(), path).toEqual({ code: 'BATCH_HELD', message: heldText(SCANLITE, 'on hold') });
      }
      expect(await counts()).toEqual(before);
      expect(await rowCount(t, 'counted_scans')).toBe(0);
      expect(await scanned()).toBe(0);
    });

    it('released, it is counted; held again, a counted pack may be taken off; recalled, refused', async () => {
      await setBatch(SCANLITE, 'RELEASED');
      const res = await scan();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ accepted: true, warnings: [] });
      expect(await scanned()).toBe(1);
      await setBatch(SCANLITE, 'ON_HOLD');
      const off = await post('/api/reverseOperation', { docType: 'SCANLITE', docNo: SCANLITE_DOC, code: code(), scanId: randomUUID() });
      expect(off.statusCode, off.body).toBe(200);
      expect(await scanned()).toBe(0);
      await setBatch(SCANLITE, 'RECALLED');
      expect((await scan()).json()).toEqual({ code: 'BATCH_HELD', message: heldText(SCANLITE, 'recalled') });
    });
  });

  describe("the lite '+' families", () => {
    const create = async (moduleType: string, docNo: string) => {
      expect((await post('/api/lite/createDocument', { moduleType, docNo, warehouseNo: 'W3010' })).statusCode).toBe(201);
      const line = await post('/api/lite/updateDocument', { moduleType, docNo, materialNo: a.materialNo, batchNo: LITE, quantity: 3 });
      expect(line.statusCode, line.body).toBe(200);
    };
    const scanAt = (path: string, docNo: string, code: string, unit: 'CTN' | 'EA' = 'CTN') =>
      post(`/api/lite/${path}`, { docNo, code, unit, idType: 'GS1', scanId: randomUUID() });
    /** Module, document number, scan path, the carton it scans. */
    const refusing = () =>
      [
        ['DISPATCH+', 'HD3001', 'scanForDispatch', plus.dispatch!],
        ['TRANSFER+', 'HS3001', 'scanForTransfer', plus.transfer!],
        ['REDRESS+', 'HR3001', 'scanCartonCodeForRedress', plus.redress!],
      ] as const;

    it('Dispatch+, Transfer+ and Redress+ refuse a carton or pack of a held batch, naming the batch and its status; nothing changes', async () => {
      for (const [moduleType, docNo] of refusing()) await create(moduleType, docNo);
      await setBatch(LITE, 'ON_HOLD');
      const before = await counts();
      for (const [moduleType, docNo, path, carton] of refusing()) {
        const res = await scanAt(path, docNo, ssccScan(carton.sscc));
        expect(res.statusCode, moduleType).toBe(422);
        expect(res.json(), moduleType).toEqual({ code: 'BATCH_HELD_INSIDE', message: heldInside(LITE, 'on hold') });
        expect(await unitRow({ sscc: carton.sscc }), moduleType).toEqual({ ...inStock, parent: null });
      }
      const pack = await scanAt('scanForDispatch', 'HD3001', packScan(plus.dispatch!.packs[0]!), 'EA');
      expect(pack.json()).toEqual({ code: 'BATCH_HELD', message: heldText(LITE, 'on hold') });
      expect(await counts()).toEqual(before);
    });

    it('Decomm+ and RTP+ take it (where held stock must go); Receive+ takes it with the warning that it goes into quarantine', async () => {
      for (const [moduleType, docNo, path, carton] of [
        ['DECOMM+', 'HC3001', 'scanForDecommPlus', plus.decomm!],
        ['RTP+', 'HP3001', 'scanForRtpPlus', plus.rtp!],
      ] as const) {
        await create(moduleType, docNo);
        const res = await scanAt(path, docNo, ssccScan(carton.sscc));
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json(), moduleType).toMatchObject({ accepted: true, packs: 3, warnings: [] });
      }
      await create('RECEIVE+', 'HI3001');
      const received = await scanAt('scanForReceivePlus', 'HI3001', ssccScan(announced.sscc));
      expect(received.statusCode, received.body).toBe(200);
      expect(received.json()).toMatchObject({
        accepted: true,
        packs: 2,
        warnings: [`Batch ${LITE} of material ${a.materialNo} is on hold: the pack is received into quarantine.`],
      });
    });

    it('released, the refusing families take the same cartons; held again, Return+ takes a dispatched one back', async () => {
      await setBatch(LITE, 'RELEASED');
      for (const [moduleType, docNo, path, carton] of refusing()) {
        const res = await scanAt(path, docNo, ssccScan(carton.sscc));
        expect(res.statusCode, `${moduleType} ${res.body}`).toBe(200);
        expect(res.json()).toMatchObject({ accepted: true, packs: 3 });
      }
      const done = await post('/api/lite/completeOperationForDoc', { moduleType: 'DISPATCH+', docNo: 'HD3001' });
      expect(done.statusCode, done.body).toBe(200);
      await setBatch(LITE, 'RECALLED');
      await create('RETURN+', 'HT3001');
      const back = await scanAt('scanForReturnPlus', 'HT3001', ssccScan(plus.dispatch!.sscc));
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toMatchObject({ accepted: true, packs: 3, warnings: [] });
    });
  });
});
