import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRY_BUCKETS, EXPIRY_CSV_HEADER, type ExpiryReport } from '@pharma/domain/contract/reports';
import type { WhereaboutsResponse } from '@pharma/domain/contract/batches';
import type { UnitView } from '@pharma/domain/contract/inventory';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { epcisDocument, packScan, type CartonSpec, type PackSpec, type PalletSpec } from '../src/seed/epcis-builder.ts';
import { linesFor, packsOf, putDocumentFor, receiveIbd, scanAndComplete, scanUnits } from '../src/seed/stock-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { apiPort, makeCodes, products, type Product } from './inventory-fixtures.ts';

/**
 * Issue 32, decision 0077: the expiry report. Packs of batches expiring in every bucket around a fixed
 * `asOf` (2030-01-01), one batch with no expiry, received through the API in two warehouses of RDC and
 * the local warehouse; one pack quarantined, some dispatched (a completed OBD), one picked on an open OBD.
 * Each line is checked against what the search says of every pack, on SQLite and PostgreSQL.
 */
type Headers = Record<string, string>;
type Line = ExpiryReport['lines'][number];

const AS_OF = '2030-01-01';
/** Each batch's expiry, and its days left and bucket on AS_OF, counted by hand. */
const BATCHES = {
  X32OLD: { expiry: '2026-10-31', daysLeft: -1158, bucket: 'expired' },
  X32M1: { expiry: '2029-12-31', daysLeft: -1, bucket: 'expired' },
  X32D0: { expiry: '2030-01-01', daysLeft: 0, bucket: '0-30' },
  X32D30: { expiry: '2030-01-31', daysLeft: 30, bucket: '0-30' },
  X32D31: { expiry: '2030-02-01', daysLeft: 31, bucket: '31-90' },
  X32D90: { expiry: '2030-04-01', daysLeft: 90, bucket: '31-90' },
  X32D91: { expiry: '2030-04-02', daysLeft: 91, bucket: '91-180' },
  X32D180: { expiry: '2030-06-30', daysLeft: 180, bucket: '91-180' },
  X32D181: { expiry: '2030-07-01', daysLeft: 181, bucket: 'over-180' },
} as const;
const NO_EXPIRY = 'X32NONE';

describe.each(DATABASES)('the expiry report on %s', (kind) => {
  let t: TestApp;
  let admin: Headers;
  let rdc: Headers;
  let ldc: Headers;
  let a: Product;
  let b: Product;
  /** Every pack the test made, wherever it went. */
  const made: PackSpec[] = [];

  const report = async (headers: Headers, query: string): Promise<ExpiryReport> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/reports/expiry?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const mine = (lines: Line[]) => lines.filter((l) => l.batchNo?.startsWith('X32'));

  /** A pack as search shows it, in whichever area finds it. */
  const search = async (p: PackSpec): Promise<UnitView> => {
    for (const area of ['RDC', 'LDC']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/serialSearch/${p.serial}?area=${area}`, headers: admin });
      expect(res.statusCode, res.body).toBe(200);
      const found = (res.json().data as UnitView[]).find((u) => u.gtin === p.gtin);
      if (found) return found;
    }
    throw new Error(`${p.serial} is found in no area`);
  };
  /** The packs in stock by warehouse, material, batch and expiry, as the search of every pack made says. */
  const searchedStock = async (): Promise<Map<string, number>> => {
    const stock = new Map<string, number>();
    for (const p of made) {
      const u = await search(p);
      const onHand = ['ACTIVE', 'QUARANTINE', 'EXPIRED', 'DAMAGED', 'RETAINED'].includes(u.status);
      const picked = u.status === 'PENDING' && ['DISPATCHED', 'REDRESSED', 'OTHER'].includes(u.reason ?? '');
      if (u.type !== 'EA' || !u.warehouseNo || !(onHand || picked)) continue;
      const key = [u.warehouseNo, u.materialNo, u.batchNo, u.expiry].join('|');
      stock.set(key, (stock.get(key) ?? 0) + 1);
    }
    return stock;
  };
  const keyOf = (l: Line) => [l.warehouseNo, l.materialNo, l.batchNo, l.expiry].join('|');
  const sum = (lines: { packs: number }[]) => lines.reduce((n, l) => n + l.packs, 0);

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    const all = await products(t);
    [a, b] = [all[0]!, all[1]!];
    const codes = makeCodes(3277);
    const of = (batch: keyof typeof BATCHES, product = a) => ({ ...product, batch, expiry: BATCHES[batch].expiry });
    const keep = <T extends PackSpec[] | CartonSpec | PalletSpec>(units: T): T => {
      made.push(...packsOf(Array.isArray(units) ? units : [units]));
      return units;
    };

    // W2010: every bucket, loose packs, a carton and a pallet; material b too.
    const quarantined = keep(codes.packs(3, of('X32D0')));
    const dispatchedCarton = keep(codes.carton(4, of('X32D30')));
    const keptCarton = keep(codes.carton(2, of('X32D30')));
    const picked = keep(codes.packs(3, of('X32D31')));
    const dispatchedLoose = keep(codes.packs(3, of('X32D91')));
    const regional = {
      pallets: [keep(codes.pallet(2, 3, of('X32D181')))],
      cartons: [dispatchedCarton, keptCarton],
      packs: [
        ...keep(codes.packs(2, of('X32OLD'))),
        ...keep(codes.packs(1, of('X32M1'))),
        ...quarantined,
        ...picked,
        ...keep(codes.packs(2, of('X32D90'))),
        ...dispatchedLoose,
        ...keep(codes.packs(1, of('X32D180'))),
        ...keep(codes.packs(2, of('X32D90', b))),
      ],
    };
    const port = apiPort(t.app, admin, 'RDC');
    await receiveIbd(port, '1732000001', regional, all);

    // W2010: a carton whose packs have no expiry (the notice gives none), received by its SSCC.
    const noExpiry = keep(codes.carton(3, { ...a, batch: NO_EXPIRY, expiry: '' }));
    const notice = epcisDocument({ ibdNo: '1732000002', cartons: [noExpiry] }) as { epcisBody: { eventList: { ilmd?: object }[] } };
    for (const e of notice.epcisBody.eventList) if (e.ilmd) e.ilmd = { 'cbvmda:lotNumber': NO_EXPIRY };
    await port.putDocument('IBD', '1732000002', { warehouseNo: 'W2010', date: '2026-11-22', lines: linesFor(noExpiry.packs, all) });
    await port.postEpcis(notice);
    await scanAndComplete(port, 'IBD', '1732000002', [noExpiry]);

    // A second warehouse of RDC, and the local warehouse (LDC), each with packs of a batch W2010 holds too.
    const now = new Date().toISOString();
    await t.database.db
      .insertInto('warehouses')
      .values({
        warehouse_no: 'W2020',
        name: 'Second regional DC',
        area: 'RDC',
        plant: '2020',
        sales_org: 'SG10',
        created_at: now,
        gln: null,
        time_zone: null,
      })
      .execute();
    await receiveIbd(port, '1732000003', { packs: keep(codes.packs(2, of('X32D31'))) }, all, { warehouseNo: 'W2020' });
    await receiveIbd(apiPort(t.app, admin, 'LDC'), '1732000004', { packs: keep(codes.packs(5, of('X32D31'))) }, all, {
      warehouseNo: 'W3010',
    });

    // One pack quarantined; a carton and a pack dispatched; a pack picked on an OBD not completed.
    const status = await t.app.inject({
      method: 'POST',
      url: '/api/itemStatus?area=RDC',
      headers: rdc,
      payload: { code: packScan(quarantined[0]!), unit: 'EA', status: 'QUARANTINE', reason: 'temperature excursion' },
    });
    expect(status.statusCode, status.body).toBe(200);
    const rdcPort = apiPort(t.app, rdc, 'RDC');
    await putDocumentFor(port, 'OBD', '8132000001', [dispatchedCarton, dispatchedLoose[0]!], all);
    await scanAndComplete(rdcPort, 'OBD', '8132000001', [dispatchedCarton, dispatchedLoose[0]!]);
    await putDocumentFor(port, 'OBD', '8132000002', [picked[0]!], all);
    await scanUnits(rdcPort, 'OBD', '8132000002', [picked[0]!]);
  });
  afterAll(() => t?.close());

  it("each line's packs are the packs search says are in stock, with its days left and bucket; the buckets add up", async () => {
    const seen = await report(rdc, `area=RDC&asOf=${AS_OF}`);
    expect(seen.filters).toEqual({
      area: 'RDC',
      warehouseNos: ['W2010', 'W2020'],
      materialNo: null,
      batchNo: null,
      from: null,
      to: null,
      asOf: AS_OF,
    });
    const stock = await searchedStock();
    const rdcStock = [...stock.entries()].filter(([k]) => !k.startsWith('W3010|'));
    expect(new Map(mine(seen.lines).map((l) => [keyOf(l), l.packs]))).toEqual(new Map(rdcStock));
    // The quarantined pack and the picked pack count; the dispatched carton and pack do not.
    const packsOfBatch = (batchNo: string, warehouseNo = 'W2010') =>
      seen.lines.find((l) => l.batchNo === batchNo && l.warehouseNo === warehouseNo && l.materialNo === a.materialNo)?.packs;
    expect(packsOfBatch('X32D0')).toBe(3);
    expect(packsOfBatch('X32D30')).toBe(2);
    expect(packsOfBatch('X32D31')).toBe(3);
    expect(packsOfBatch('X32D31', 'W2020')).toBe(2);
    expect(packsOfBatch('X32D91')).toBe(2);
    expect(packsOfBatch('X32D181')).toBe(6);
    expect(packsOfBatch(NO_EXPIRY)).toBe(3);

    for (const line of mine(seen.lines)) {
      if (line.batchNo === NO_EXPIRY) {
        expect(line).toMatchObject({ expiry: null, daysLeft: null, bucket: 'no-expiry' });
        continue;
      }
      const expected = BATCHES[line.batchNo as keyof typeof BATCHES];
      expect(line, line.batchNo!).toMatchObject(expected);
    }
    // Soonest expiry first, no expiry last; then warehouse, material, batch.
    const order = seen.lines.map((l) => [l.expiry ?? '\uffff', l.warehouseNo, l.materialNo, l.batchNo ?? ''].join('|'));
    expect(order).toEqual([...order].sort());
    expect(seen.lines.at(-1)!.expiry).toBeNull();

    expect(seen.buckets.map((x) => x.bucket)).toEqual([...EXPIRY_BUCKETS]);
    for (const { bucket, packs } of seen.buckets) expect(packs, bucket).toBe(sum(seen.lines.filter((l) => l.bucket === bucket)));
    expect(sum(seen.buckets)).toBe(sum(seen.lines));
  });

  it("every batch's lines, demo stock included, add up to the packs its whereabouts have in stock in each warehouse", async () => {
    const seen = await report(rdc, `area=RDC&asOf=${AS_OF}`);
    const batches = new Set(seen.lines.filter((l) => l.batchNo !== null).map((l) => `${l.materialNo}|${l.batchNo}`));
    for (const key of batches) {
      const [materialNo, batchNo] = key.split('|') as [string, string];
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/batches/${materialNo}/${encodeURIComponent(batchNo)}/whereabouts?area=RDC`,
        headers: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      const where = res.json() as WhereaboutsResponse;
      for (const w of where.warehouses.filter((x) => x.area === 'RDC')) {
        const lines = seen.lines.filter((l) => l.materialNo === materialNo && l.batchNo === batchNo && l.warehouseNo === w.warehouseNo);
        expect(sum(lines), `${key} in ${w.warehouseNo}`).toBe(w.units);
      }
    }
  });

  it('the buckets move when asOf moves: a day later, each batch on a boundary goes down one bucket', async () => {
    const next = await report(rdc, 'area=RDC&asOf=2030-01-02');
    const bucketOf = (batchNo: string) => mine(next.lines).find((l) => l.batchNo === batchNo && l.warehouseNo === 'W2010');
    expect(bucketOf('X32D0')).toMatchObject({ daysLeft: -1, bucket: 'expired' });
    expect(bucketOf('X32D30')).toMatchObject({ daysLeft: 29, bucket: '0-30' });
    expect(bucketOf('X32D31')).toMatchObject({ daysLeft: 30, bucket: '0-30' });
    expect(bucketOf('X32D90')).toMatchObject({ daysLeft: 89, bucket: '31-90' });
    expect(bucketOf('X32D91')).toMatchObject({ daysLeft: 90, bucket: '31-90' });
    expect(bucketOf('X32D180')).toMatchObject({ daysLeft: 179, bucket: '91-180' });
    expect(bucketOf('X32D181')).toMatchObject({ daysLeft: 180, bucket: '91-180' });
    expect(bucketOf(NO_EXPIRY)).toMatchObject({ daysLeft: null, bucket: 'no-expiry' });
    const before = await report(rdc, `area=RDC&asOf=${AS_OF}`);
    expect(sum(next.buckets)).toBe(sum(before.buckets));
    // Long before: nothing of ours expired but the old batch.
    const early = await report(rdc, 'area=RDC&asOf=2027-01-01');
    expect(
      mine(early.lines)
        .filter((l) => l.bucket === 'expired')
        .map((l) => l.batchNo),
    ).toEqual(['X32OLD']);
    expect(mine(early.lines).find((l) => l.batchNo === 'X32OLD')).toMatchObject({ daysLeft: -62, bucket: 'expired' });
  });

  it('narrows to a material, a batch and a warehouse', async () => {
    const whole = await report(rdc, `area=RDC&asOf=${AS_OF}`);
    const ofB = await report(rdc, `area=RDC&asOf=${AS_OF}&materialNo=${b.materialNo}`);
    expect(ofB.filters.materialNo).toBe(b.materialNo);
    expect(ofB.lines).toEqual(whole.lines.filter((l) => l.materialNo === b.materialNo));
    expect(mine(ofB.lines)).toEqual([expect.objectContaining({ batchNo: 'X32D90', packs: 2, bucket: '31-90' })]);

    const batch = await report(rdc, `area=RDC&asOf=${AS_OF}&materialNo=${a.materialNo}&batchNo=X32D31`);
    expect(batch.lines).toEqual(whole.lines.filter((l) => l.materialNo === a.materialNo && l.batchNo === 'X32D31'));
    expect(batch.lines.map((l) => [l.warehouseNo, l.packs])).toEqual([
      ['W2010', 3],
      ['W2020', 2],
    ]);
    expect(batch.buckets.find((x) => x.bucket === '31-90')!.packs).toBe(5);
    expect(sum(batch.buckets)).toBe(5);
    // A batch alone: that batch of every material.
    const batchOnly = await report(rdc, `area=RDC&asOf=${AS_OF}&batchNo=X32D90`);
    expect(batchOnly.lines.map((l) => [l.materialNo, l.packs])).toEqual(
      [
        [a.materialNo, 2],
        [b.materialNo, 2],
      ].sort(),
    );

    const second = await report(rdc, `area=RDC&asOf=${AS_OF}&warehouseNo=W2020`);
    expect(second.filters.warehouseNos).toEqual(['W2020']);
    expect(second.lines).toEqual(whole.lines.filter((l) => l.warehouseNo === 'W2020'));
    expect(second.lines.map((l) => [l.batchNo, l.packs])).toEqual([['X32D31', 2]]);
    expect(second.buckets.map((x) => x.packs)).toEqual([0, 0, 2, 0, 0, 0]);
  });

  it("the other area's stock never appears (its warehouse is refused as unknown: reports-gates.test.ts)", async () => {
    const regional = await report(rdc, `area=RDC&asOf=${AS_OF}`);
    expect(new Set(regional.lines.map((l) => l.warehouseNo))).toEqual(new Set(['W2010', 'W2020']));
    const local = await report(ldc, `area=LDC&asOf=${AS_OF}`);
    expect(local.filters.warehouseNos).toEqual(['W3010']);
    expect(new Set(local.lines.map((l) => l.warehouseNo))).toEqual(new Set(['W3010']));
    expect(mine(local.lines)).toEqual([
      { warehouseNo: 'W3010', materialNo: a.materialNo, batchNo: 'X32D31', expiry: '2030-02-01', daysLeft: 31, bucket: '31-90', packs: 5 },
    ]);
  });

  it('today is the default asOf', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const seen = await report(rdc, 'area=RDC');
    expect(seen.filters.asOf).toBe(today);
    expect(mine(seen.lines).find((l) => l.batchNo === 'X32OLD')).toMatchObject({ bucket: 'expired' });
  });

  it('the CSV: the header row, then one row per line, the same as the JSON, numbers and dates as they are', async () => {
    const json = await report(rdc, `area=RDC&asOf=${AS_OF}`);
    const res = await t.app.inject({ method: 'GET', url: `/api/reports/expiry?area=RDC&asOf=${AS_OF}&format=csv`, headers: rdc });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="expiry-report.csv"');
    const [header, ...rows] = res.body.split('\r\n');
    expect(rows.pop()).toBe('');
    expect(header).toBe(EXPIRY_CSV_HEADER.join(','));
    expect(header).toBe('warehouseNo,materialNo,batchNo,expiry,daysLeft,bucket,packs');
    // A number is written as it is, a negative one too (the encoder guards text only): '-1', not "'-1".
    const days = (d: number | null) => (d === null ? '' : String(d));
    expect(rows).toEqual(
      json.lines.map((l) => [l.warehouseNo, l.materialNo, l.batchNo ?? '', l.expiry ?? '', days(l.daysLeft), l.bucket, l.packs].join(',')),
    );
    expect(rows).toContain(`W2010,${a.materialNo},X32D181,2030-07-01,181,over-180,6`);
    expect(rows).toContain(`W2010,${a.materialNo},${NO_EXPIRY},,,no-expiry,3`);
    expect(rows).toContain(`W2010,${a.materialNo},X32M1,2029-12-31,-1,expired,1`);
  });
});
