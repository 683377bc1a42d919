import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchStatus } from '@pharma/domain';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, ssccScan, type CartonSpec, type PackSpec, type PalletSpec } from '../src/seed/epcis-builder.ts';
import { receiveIbd, stageIbd } from '../src/seed/stock-builder.ts';
import { DATABASES, rowCount, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests } from './requests.ts';
import { apiPort, makeCodes, products, type Product } from './inventory-fixtures.ts';

/**
 * Issue 30 (decision 0071): a batch on hold or recalled in the line engine, through the HTTP API as the
 * handhelds and the Recall page use it. Dispatch (OBD) and transfer (STO) refuse a pack of it, and a
 * carton or pallet holding one, naming the batch and its status, and take them once it is released;
 * return to principal, scrapping and returns take recalled stock; receiving takes it with a warning and
 * its completion quarantines those packs (and only those) with the reason; a dispatch holding a pack
 * scanned before the hold is not completed until that pack is deleted; first expiry, first out never
 * advises a held batch; scans racing a hold are each accepted whole or refused. SQLite and PostgreSQL.
 */
describe.each(DATABASES)('a held batch in the line engine on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let rdc: Record<string, string>;
  let ldc: Record<string, string>;
  let a: Product;
  const codes = makeCodes(3071);
  const batch = (batchNo: string, expiry?: string): Product => ({ ...a, batch: batchNo, ...(expiry ? { expiry } : {}) });

  // Batch H30 in both warehouses: a loose pack, a carton and a pallet in each.
  const held: Record<'RDC' | 'LDC', { pack: PackSpec; carton: CartonSpec; pallet: PalletSpec }> = {} as never;
  // Batch R30 (recalled): W2010 packs (one dispatched before the recall), a W3010 pack.
  let recalled: PackSpec[];
  let recalledLocal: PackSpec;
  // Batch D30 (held while on a dispatch) and P30 (never held).
  let onDocument: PackSpec[];
  let released: PackSpec;
  // First expiry, first out: F30A, F30B, F30C, F30OLD, then F30MID and F30MIE (the same day) expire before F30NEW, in that order.
  let older: PackSpec[];
  let newer: PackSpec[];
  // The race: batch C30.
  let racing: PackSpec[];

  const area = (headers: Record<string, string>) => (headers === ldc ? 'LDC' : 'RDC');
  const { post, scan } = requests({ app: () => t.app, as: () => rdc, area });
  const complete = (docType: string, docNo: string, headers = rdc) => post('/api/completeOperation', { docType, docNo }, headers);
  const putDocument = async (type: string, number: string, warehouseNo: string, lines: [string, number][], extra: object = {}) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/integration/documents/${type}/${number}`,
      headers: admin,
      payload: {
        warehouseNo,
        date: '2026-11-22',
        lines: lines.map(([batchNo, quantity], i) => ({ lineNo: (i + 1) * 10, materialNo: a.materialNo, batchNo, quantity })),
        ...extra,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The batch's status set as the Recall page sets it (PUT /api/batches/{m}/{b}/status, its own transaction). */
  const setBatch = (batchNo: string, status: BatchStatus) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/batches/${encodeURIComponent(a.materialNo)}/${encodeURIComponent(batchNo)}/status?area=RDC`,
      headers: admin,
      payload: { status, reason: `Quality decision on ${batchNo}` },
    });
  const hold = async (batchNo: string, status: BatchStatus = 'ON_HOLD') => {
    const res = await setBatch(batchNo, status);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(status);
  };
  /** A pack as the search shows it, with its history. */
  const packView = async (p: PackSpec, headers = rdc) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/serialSearch/${encodeURIComponent(packScan(p))}?area=${area(headers)}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data[0] as {
      status: string;
      reason: string;
      warehouseNo: string | null;
      history: { action: string; after: unknown; reason: string | null }[];
    };
  };
  const packState = async (p: PackSpec, headers = rdc) => {
    const u = await packView(p, headers);
    return `${u.status} / ${u.reason}`;
  };
  const details = async (path: string, docNo: string, headers = rdc) => {
    const res = await t.app.inject({ method: 'GET', url: `${path}/${docNo}?area=${area(headers)}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      document: { status: string; scannedQuantity: number };
      data: { scannedQuantity: number; scannedDetails: string[] }[];
    };
  };
  const heldText = (batchNo: string, status: string) =>
    `Batch ${batchNo} of material ${a.materialNo} is ${status}: this item cannot be scanned here.`;
  const id = (p: PackSpec) => `${p.gtin}/${p.serial}`;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    a = (await products(t))[0]!;
    const all = [a];
    const h = batch('H30');
    for (const where of ['RDC', 'LDC'] as const) {
      held[where] = { pack: codes.packs(1, h)[0]!, carton: codes.carton(3, h), pallet: codes.pallet(2, 2, h) };
    }
    recalled = codes.packs(3, batch('R30'));
    recalledLocal = codes.packs(1, batch('R30'))[0]!;
    onDocument = codes.packs(2, batch('D30'));
    released = codes.packs(1, batch('P30'))[0]!;
    older = [
      ...codes.packs(1, batch('F30A', '2027-01-31')),
      ...codes.packs(1, batch('F30B', '2027-02-28')),
      ...codes.packs(1, batch('F30C', '2027-03-31')),
      ...codes.packs(2, batch('F30OLD', '2027-06-30')),
      ...codes.packs(1, batch('F30MID', '2027-09-30')),
      ...codes.packs(1, batch('F30MIE', '2027-09-30')),
    ];
    newer = codes.packs(14, batch('F30NEW', '2028-06-30'));
    racing = codes.packs(40, batch('C30'));
    await receiveIbd(
      apiPort(t.app, admin, 'RDC'),
      '1830710001',
      {
        pallets: [held.RDC.pallet],
        cartons: [held.RDC.carton],
        packs: [held.RDC.pack, ...recalled, ...onDocument, released, ...older, ...newer, ...racing],
      },
      all,
      { warehouseNo: 'W2010' },
    );
    await receiveIbd(
      apiPort(t.app, admin, 'LDC'),
      '1730710001',
      { pallets: [held.LDC.pallet], cartons: [held.LDC.carton], packs: [held.LDC.pack, recalledLocal] },
      all,
      { warehouseNo: 'W3010' },
    );
  });
  afterAll(() => t?.close());

  it('OBD and STO refuse a pack, a carton and a pallet holding a pack of a held batch, naming it; released, they take them', async () => {
    await putDocument('OBD', '8130710001', 'W2010', [['H30', 8]]);
    await putDocument('STO', '3130710001', 'W3010', [['H30', 8]], { destination: { warehouseNo: 'W2010' } });
    const docs = [
      { type: 'OBD', number: '8130710001', headers: rdc, stock: held.RDC, path: '/api/obdNo' },
      { type: 'STO', number: '3130710001', headers: ldc, stock: held.LDC, path: '/api/transferNo' },
    ];
    await hold('H30');
    const scansBefore = await rowCount(t, 'scans');
    for (const d of docs) {
      const pack = await scan(d.type, d.number, packScan(d.stock.pack), 'EA', d.headers);
      expect(pack.statusCode, pack.body).toBe(422);
      expect(pack.json()).toEqual({ code: 'BATCH_HELD', message: heldText('H30', 'on hold') });
      for (const [unit, sscc, word] of [
        ['CTN', d.stock.carton.sscc, 'carton'],
        ['PLT', d.stock.pallet.sscc, 'pallet'],
      ] as const) {
        const res = await scan(d.type, d.number, ssccScan(sscc), unit, d.headers);
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json()).toEqual({
          code: 'BATCH_HELD_INSIDE',
          message: `This ${word} holds packs of batch H30 of material ${a.materialNo}, which is on hold: it cannot be scanned here.`,
        });
      }
      // Nothing changed: the document is as it was, its stock still on the shelf.
      expect((await details(d.path, d.number, d.headers)).document).toMatchObject({ status: 'Open', scannedQuantity: 0 });
      expect(await packState(d.stock.pallet.cartons[1]!.packs[1]!, d.headers)).toBe('ACTIVE / WAREHOUSE RECEIVED');
    }
    expect(await rowCount(t, 'scans')).toBe(scansBefore);

    await hold('H30', 'RELEASED');
    for (const d of docs) {
      expect((await scan(d.type, d.number, packScan(d.stock.pack), 'EA', d.headers)).json()).toMatchObject({ accepted: true, packs: 1 });
      expect((await scan(d.type, d.number, ssccScan(d.stock.carton.sscc), 'CTN', d.headers)).json()).toMatchObject({ packs: 3 });
      expect((await scan(d.type, d.number, ssccScan(d.stock.pallet.sscc), 'PLT', d.headers)).json()).toMatchObject({ packs: 4 });
      expect((await details(d.path, d.number, d.headers)).document).toMatchObject({ status: 'In Progress', scannedQuantity: 8 });
      expect((await complete(d.type, d.number, d.headers)).statusCode).toBe(200);
    }
  });

  it('a recalled pack: dispatch refuses it; scrapping, return to principal and a return from a customer take it', async () => {
    // Dispatched before the recall: it comes back on a return afterwards.
    await putDocument('OBD', '8130710002', 'W2010', [['R30', 1]]);
    expect((await scan('OBD', '8130710002', packScan(recalled[0]!), 'EA')).statusCode).toBe(200);
    expect((await complete('OBD', '8130710002')).statusCode).toBe(200);
    await hold('R30', 'RECALLED');

    await putDocument('OBD', '8130710003', 'W2010', [['R30', 1]]);
    const refused = await scan('OBD', '8130710003', packScan(recalled[1]!), 'EA');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ code: 'BATCH_HELD', message: heldText('R30', 'recalled') });
    // A recall is final: the batch cannot be released, and dispatch keeps refusing it.
    expect((await setBatch('R30', 'RELEASED')).json().code).toBe('BATCH_RECALL_FINAL');

    await putDocument('DECOMM', '7130710001', 'W2010', [['R30', 1]]);
    expect((await scan('DECOMM', '7130710001', packScan(recalled[1]!), 'EA')).json()).toMatchObject({ accepted: true, warnings: [] });
    expect((await complete('DECOMM', '7130710001')).statusCode).toBe(200);
    expect(await packState(recalled[1]!)).toBe('DESTROYED / OTHER');

    await putDocument('RTP', '4130710001', 'W3010', [['R30', 1]]);
    expect((await scan('RTP', '4130710001', packScan(recalledLocal), 'EA', ldc)).json()).toMatchObject({ accepted: true, warnings: [] });
    expect((await complete('RTP', '4130710001', ldc)).statusCode).toBe(200);
    expect(await packState(recalledLocal, ldc)).toBe('TRANSIT / DISPATCHED');

    await putDocument('RMA', '6130710001', 'W2010', [['R30', 1]]);
    expect((await scan('RMA', '6130710001', packScan(recalled[0]!), 'EA')).json()).toMatchObject({ accepted: true, warnings: [] });
    expect((await complete('RMA', '6130710001')).statusCode).toBe(200);
    expect(await packState(recalled[0]!)).toBe('QUARANTINE / RETURNED');
  });

  it("receiving takes held packs with the warning; its completion quarantines them ('ON HOLD', 'RECALLED') and only them", async () => {
    const ibd = '1830710002';
    const heldCarton = codes.carton(3, batch('Q30'));
    const heldLoose = codes.packs(1, batch('Q30'))[0]!;
    const recalledIn = codes.packs(1, batch('QR30'))[0]!;
    const fine = codes.packs(2, batch('OK30'));
    await stageIbd(apiPort(t.app, admin, 'RDC'), ibd, { cartons: [heldCarton], packs: [heldLoose, recalledIn, ...fine] }, [a], {
      warehouseNo: 'W2010',
    });
    await hold('Q30');
    await hold('QR30', 'RECALLED');
    const quarantine = (batchNo: string, status: string) =>
      `Batch ${batchNo} of material ${a.materialNo} is ${status}: the pack is received into quarantine.`;

    const carton = await scan('IBD', ibd, ssccScan(heldCarton.sscc), 'CTN');
    expect(carton.json()).toMatchObject({ accepted: true, packs: 3, warnings: [quarantine('Q30', 'on hold')] });
    expect((await scan('IBD', ibd, packScan(heldLoose), 'EA')).json().warnings).toEqual([quarantine('Q30', 'on hold')]);
    expect((await scan('IBD', ibd, packScan(recalledIn), 'EA')).json().warnings).toEqual([quarantine('QR30', 'recalled')]);
    for (const p of fine) expect((await scan('IBD', ibd, packScan(p), 'EA')).json()).toMatchObject({ accepted: true, warnings: [] });
    // Until completion they are received as any other.
    expect(await packState(heldLoose)).toBe('PENDING / PENDING GR');

    expect((await complete('IBD', ibd)).statusCode).toBe(200);
    for (const p of [...heldCarton.packs, heldLoose]) {
      const u = await packView(p);
      expect({ status: u.status, reason: u.reason, warehouseNo: u.warehouseNo }).toEqual({
        status: 'QUARANTINE',
        reason: 'ON HOLD',
        warehouseNo: 'W2010',
      });
      // Audited with the completion, saying why.
      expect(u.history.at(-1)).toMatchObject({
        action: `complete IBD ${ibd}`,
        after: { status: 'QUARANTINE', reason: 'ON HOLD' },
        reason: `batch Q30 of material ${a.materialNo} on hold`,
      });
    }
    expect(await packState(recalledIn)).toBe('QUARANTINE / RECALLED');
    for (const p of fine) expect(await packState(p)).toBe('ACTIVE / WAREHOUSE RECEIVED');
    const [box] = (await t.app.inject({ method: 'GET', url: `/api/searchSSCC/${heldCarton.sscc}?area=RDC`, headers: rdc })).json().data;
    expect(box).toMatchObject({ status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED', warehouseNo: 'W2010' });
    // Quarantined packs are not saleable: dispatch refuses them for their state even once the batch is released.
    await hold('Q30', 'RELEASED');
    await putDocument('OBD', '8130710007', 'W2010', [['Q30', 1]]);
    expect((await scan('OBD', '8130710007', packScan(heldLoose), 'EA')).json().code).toBe('NOT_SALEABLE');
  });

  it('a dispatch holding a pack scanned before the hold is not completed until that pack is deleted from it', async () => {
    const obd = '8130710004';
    await putDocument('OBD', obd, 'W2010', [
      ['D30', 2],
      ['P30', 1],
    ]);
    expect((await scan('OBD', obd, packScan(onDocument[0]!), 'EA')).statusCode).toBe(200);
    expect((await scan('OBD', obd, packScan(released), 'EA')).statusCode).toBe(200);
    await hold('D30');

    const audit = await rowCount(t, 'audit_log');
    const refused = await complete('OBD', obd);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      code: 'BATCH_HELD_ON_DOCUMENT',
      message: `This document cannot be completed: batch D30 of material ${a.materialNo} is on hold. Delete its 1 pack from the document first.`,
    });
    // Nothing changed.
    expect(await rowCount(t, 'audit_log')).toBe(audit);
    expect((await details('/api/obdNo', obd)).document).toMatchObject({ status: 'In Progress', scannedQuantity: 2 });
    expect(await packState(onDocument[0]!)).toBe('PENDING / DISPATCHED');
    expect(await packState(released)).toBe('PENDING / DISPATCHED');
    // Nor can another pack of the batch join it.
    expect((await scan('OBD', obd, packScan(onDocument[1]!), 'EA')).json().code).toBe('BATCH_HELD');

    const deleted = await post('/api/reverseOperation', {
      docType: 'OBD',
      docNo: obd,
      code: packScan(onDocument[0]!),
      unit: 'EA',
      scanId: randomUUID(),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const done = await complete('OBD', obd);
    expect(done.statusCode, done.body).toBe(200);
    expect(await packState(released)).toBe('TRANSIT / DISPATCHED');
    expect(await packState(onDocument[0]!)).toBe('ACTIVE / WAREHOUSE RECEIVED');
  });

  it('first expiry, first out never advises a held batch, scan by scan or many at once, however many are held ahead', async () => {
    const obd = '8130710005';
    await putDocument('OBD', obd, 'W2010', [['F30NEW', 14]]);
    const fefo = (batchNo: string) => {
      const expiry = older.find((p) => p.batch === batchNo)!.expiry;
      return [`Batch ${batchNo} of material ${a.materialNo} expires earlier (${expiry}): first expiry, first out.`];
    };
    const warnings = async (p: PackSpec) => {
      const res = await scan('OBD', obd, packScan(p), 'EA');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().warnings as string[];
    };
    /** At once: one group commit on PostgreSQL, whose oldest pack is read once for the group. */
    const atOnce = (packs: PackSpec[]) => Promise.all(packs.map(warnings));

    expect(await warnings(newer[0]!)).toEqual(fefo('F30A'));
    await hold('F30A');
    expect(await warnings(newer[1]!)).toEqual(fefo('F30B'));
    // Four held batches ahead of the released F30MID.
    for (const b of ['F30B', 'F30C', 'F30OLD']) await hold(b);
    expect(await warnings(newer[2]!)).toEqual(fefo('F30MID'));
    expect(await atOnce(newer.slice(3, 6))).toEqual([fefo('F30MID'), fefo('F30MID'), fefo('F30MID')]);
    // F30MIE expires the same day as F30MID: the read passes over the held batch, not over its day (decision 0076).
    await hold('F30MID', 'RECALLED');
    expect(await warnings(newer[6]!)).toEqual(fefo('F30MIE'));
    expect(await atOnce(newer.slice(7, 10))).toEqual([fefo('F30MIE'), fefo('F30MIE'), fefo('F30MIE')]);
    await hold('F30MIE');
    expect(await warnings(newer[10]!)).toEqual([]);
    expect(await atOnce(newer.slice(11))).toEqual([[], [], []]);
    expect((await details('/api/obdNo', obd)).document.scannedQuantity).toBe(14);
  });

  it('scans racing a hold are each accepted whole (on the document) or refused; those after it are refused', async () => {
    const obd = '8130710006';
    await putDocument('OBD', obd, 'W2010', [['C30', 40]]);
    const before = racing.slice(0, 5);
    const during = racing.slice(5, 35);
    const after = racing.slice(35);
    for (const p of before) expect((await scan('OBD', obd, packScan(p), 'EA')).statusCode).toBe(200);

    // The scans started one after another, a millisecond apart, and the hold (its own transaction) amid them.
    const scans: ReturnType<typeof scan>[] = [];
    let holding: ReturnType<typeof setBatch> | undefined;
    for (const [i, p] of during.entries()) {
      if (i === during.length / 2) holding = setBatch('C30', 'ON_HOLD');
      scans.push(scan('OBD', obd, packScan(p), 'EA'));
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const [answers, held] = await Promise.all([Promise.all(scans), holding!]);
    expect(held.statusCode, held.body).toBe(200);
    for (const p of after)
      expect((await scan('OBD', obd, packScan(p), 'EA')).json()).toEqual({ code: 'BATCH_HELD', message: heldText('C30', 'on hold') });

    const accepted = [...before];
    for (const [i, res] of answers.entries()) {
      if (res.statusCode === 200) accepted.push(during[i]!);
      else expect(res.json(), res.body).toEqual({ code: 'BATCH_HELD', message: heldText('C30', 'on hold') });
    }
    const doc = await details('/api/obdNo', obd);
    expect(doc.document.scannedQuantity).toBe(accepted.length);
    expect(doc.data[0]!.scannedDetails.slice().sort()).toEqual(accepted.map(id).sort());
    for (const p of racing) {
      expect(await packState(p), id(p)).toBe(accepted.includes(p) ? 'PENDING / DISPATCHED' : 'ACTIVE / WAREHOUSE RECEIVED');
    }
    // The completion counts the same packs on the document.
    const refused = await complete('OBD', obd);
    expect(refused.json().message).toBe(
      `This document cannot be completed: batch C30 of material ${a.materialNo} is on hold. Delete its ${accepted.length} packs from the document first.`,
    );
  });
});
