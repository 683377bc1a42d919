import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitView } from '@pharma/domain/contract/inventory';
import { STOCK_CSV_HEADER, type StockReport } from '@pharma/domain/contract/reports';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, ssccScan, type CartonSpec, type PackSpec, type PalletSpec } from '../src/seed/epcis-builder.ts';
import { putDocumentFor, receiveIbd, scanAndComplete, scanUnits } from '../src/seed/stock-builder.ts';
import { apiPort, makeCodes, products, type Product } from './inventory-fixtures.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';

/**
 * Issue 32, decision 0077: the stock report. Two batches of one material and a batch of another are
 * received into the regional warehouse W2010 in a pallet, cartons (one of them mixed: no material of its
 * own) and loose packs; a second regional warehouse W2020 and the local W3010 get stock too. A pack is
 * quarantined, a pack inside a carton damaged, a carton and a pack dispatched (completed OBD), a pack
 * picked on an open OBD. Every figure is checked against the units as search shows them.
 */
type Headers = Record<string, string>;
type Line = StockReport['lines'][number];

describe.each(DATABASES)('stock report on %s', (kind) => {
  let t: TestApp;
  let admin: Headers;
  let rdc: Headers;
  let ldc: Headers;
  let a: Product;
  let b: Product;
  let pallet: PalletSpec;
  let cartonA2: CartonSpec;
  let cartonA1: CartonSpec;
  let mixed: CartonSpec;
  let looseA1: PackSpec[];
  let looseA2: PackSpec[];
  let looseB1: PackSpec[];
  let second: { carton: CartonSpec; packs: PackSpec[] };
  let local: { pallet: PalletSpec; packs: PackSpec[] };
  /** The demo seed's stock, before this test's: the reports of each area. */
  let demo: { RDC: StockReport; LDC: StockReport };
  const A1 = 'S32A/1';
  const A2 = 'S32A2';
  const B1 = 'S32B1';

  const report = async (query: string, headers = rdc): Promise<StockReport> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/reports/stock?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** A unit as search shows it in the area (pack by its DataMatrix, pallet or carton by its SSCC). */
  const search = async (code: string, area: 'RDC' | 'LDC', bySscc: boolean): Promise<UnitView> => {
    const url = `/api/${bySscc ? 'searchSSCC' : 'serialSearch'}/${encodeURIComponent(code)}?area=${area}`;
    const res = await t.app.inject({ method: 'GET', url, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const [found, ...more] = res.json().data as UnitView[];
    expect(more).toEqual([]);
    if (!found) throw new Error(`${code} is not found in ${area}`);
    return found;
  };

  /**
   * The stock lines counted from the units themselves, one search each: a unit counts while it is on hand
   * in a warehouse in any condition, or picked on an open document (PENDING / DISPATCHED); a dispatched
   * unit (TRANSIT) keeps its warehouse but is gone.
   */
  const countedBySearch = async (area: 'RDC' | 'LDC', packs: PackSpec[], ssccs: string[]): Promise<Line[]> => {
    const lines = new Map<string, Line>();
    const add = (u: UnitView) => {
      if (u.warehouseNo === null) return;
      const onHand = ['ACTIVE', 'QUARANTINE', 'EXPIRED', 'DAMAGED', 'RETAINED'].includes(u.status);
      const picked = u.status === 'PENDING' && u.reason === 'DISPATCHED';
      if (!onHand && !picked) return;
      const key = [u.warehouseNo, u.materialNo, u.batchNo, u.status].join('|');
      const line = lines.get(key) ?? {
        warehouseNo: u.warehouseNo,
        materialNo: u.materialNo ?? '',
        batchNo: u.batchNo,
        status: u.status,
        packs: 0,
        cartons: 0,
        pallets: 0,
      };
      lines.set(key, line);
      if (u.type === 'EA') line.packs += 1;
      if (u.type === 'CTN') line.cartons += 1;
      if (u.type === 'PLT') line.pallets += 1;
    };
    for (const p of packs) add(await search(packScan(p), area, false));
    for (const s of ssccs) add(await search(ssccScan(s), area, true));
    return [...lines.values()];
  };

  const sorted = (lines: Line[]) => [...lines].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));

  /** The report's lines less a report made before: what this test's stock added (the demo seed has stock of its own), in the report's order. */
  const added = (after: StockReport, before: StockReport): Line[] => {
    const key = (l: Line) => [l.warehouseNo, l.materialNo, l.batchNo, l.status].join('|');
    const earlier = new Map(before.lines.map((l) => [key(l), l]));
    return after.lines.flatMap((l) => {
      const e = earlier.get(key(l));
      const line = e ? { ...l, packs: l.packs - e.packs, cartons: l.cartons - e.cartons, pallets: l.pallets - e.pallets } : l;
      return line.packs === 0 && line.cartons === 0 && line.pallets === 0 ? [] : [line];
    });
  };
  const totalsOf = (lines: Line[]) => ({
    packs: lines.reduce((n, l) => n + l.packs, 0),
    cartons: lines.reduce((n, l) => n + l.cartons, 0),
    pallets: lines.reduce((n, l) => n + l.pallets, 0),
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    // A second regional warehouse (master data: no API makes warehouses), so a warehouse filter has something to leave out.
    await t.database.db
      .insertInto('warehouses')
      .values({
        warehouse_no: 'W2020',
        name: 'Tuas Regional DC',
        area: 'RDC',
        plant: '2020',
        sales_org: 'SG10',
        gln: null,
        time_zone: null,
        created_at: '2026-11-26',
      })
      .execute();
    demo = { RDC: await report('area=RDC'), LDC: await report('area=LDC', ldc) };
    const all = await products(t);
    a = all[0]!;
    b = all[1]!;
    const codes = makeCodes(3232);
    const a1 = { ...a, batch: A1 };
    const a2 = { ...a, batch: A2 };
    const b1 = { ...b, batch: B1 };
    pallet = codes.pallet(2, 3, a1);
    cartonA2 = codes.carton(4, a2);
    cartonA1 = codes.carton(3, a1);
    // A carton of two materials: it has no material or batch of its own.
    mixed = { sscc: codes.sscc(), packs: [...codes.packs(1, a1), ...codes.packs(1, b1)] };
    looseA1 = codes.packs(4, a1);
    looseA2 = codes.packs(3, a2);
    looseB1 = codes.packs(2, b1);
    second = { carton: codes.carton(2, a1), packs: codes.packs(2, a1) };
    local = { pallet: codes.pallet(1, 2, a1), packs: codes.packs(2, a1) };

    const regional = apiPort(t.app, admin, 'RDC');
    const localPort = apiPort(t.app, admin, 'LDC');
    await receiveIbd(
      regional,
      '1700003201',
      { pallets: [pallet], cartons: [cartonA2, cartonA1, mixed], packs: [...looseA1, ...looseA2, ...looseB1] },
      all,
    );
    await receiveIbd(regional, '1700003202', { cartons: [second.carton], packs: second.packs }, all, { warehouseNo: 'W2020' });
    await receiveIbd(localPort, '1700003203', { pallets: [local.pallet], packs: local.packs }, all, { warehouseNo: 'W3010' });

    const status = async (code: string, unit: string, to: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/itemStatus?area=RDC',
        headers: rdc,
        payload: { code, unit, status: to },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await status(packScan(looseA1[0]!), 'EA', 'QUARANTINE');
    // A pack inside a carton: the carton keeps its own status.
    await status(packScan(cartonA2.packs[0]!), 'EA', 'DAMAGED');

    await putDocumentFor(regional, 'OBD', '8100003201', [cartonA1, looseA1[1]!], all);
    await scanAndComplete(regional, 'OBD', '8100003201', [cartonA1, looseA1[1]!]);
    await putDocumentFor(regional, 'OBD', '8100003202', [looseA2[0]!, looseA2[1]!], all);
    await scanUnits(regional, 'OBD', '8100003202', [looseA2[0]!]);
  });
  afterAll(() => t?.close());

  it('lists stock on hand per warehouse, material, batch and status, cartons and pallets apart, each as search shows it', async () => {
    const seen = await report('area=RDC');
    expect(seen.filters).toEqual({
      area: 'RDC',
      warehouseNos: ['W2010', 'W2020'],
      materialNo: null,
      batchNo: null,
      from: null,
      to: null,
      asOf: expect.any(String),
    });
    const line = (
      warehouseNo: string,
      materialNo: string,
      batchNo: string | null,
      status: string,
      packs: number,
      cartons = 0,
      pallets = 0,
    ) => ({
      warehouseNo,
      materialNo,
      batchNo,
      status,
      packs,
      cartons,
      pallets,
    });
    const [first] = [a, b].map((p) => p.materialNo).sort();
    const aLines = [
      // 6 on the pallet, 1 in the mixed carton, 4 loose; 1 quarantined, 1 dispatched. The loose A1 carton went with the OBD.
      line('W2010', a.materialNo, A1, 'ACTIVE', 9, 2, 1),
      line('W2010', a.materialNo, A1, 'QUARANTINE', 1),
      // 4 in their carton (1 damaged), 3 loose (1 picked on the open OBD, still in stock).
      line('W2010', a.materialNo, A2, 'ACTIVE', 5, 1),
      line('W2010', a.materialNo, A2, 'PENDING', 1),
      line('W2010', a.materialNo, A2, 'DAMAGED', 1),
    ];
    const bLines = [line('W2010', b.materialNo, B1, 'ACTIVE', 3)];
    // The demo seed's lines are as they were; this test's stock adds exactly these, in the report's order.
    const mine = added(seen, demo.RDC);
    expect(mine).toEqual([
      line('W2010', '', null, 'ACTIVE', 0, 1),
      ...(first === a.materialNo ? [...aLines, ...bLines] : [...bLines, ...aLines]),
      line('W2020', a.materialNo, A1, 'ACTIVE', 4, 1),
    ]);
    expect(totalsOf(mine)).toEqual({ packs: 24, cartons: 5, pallets: 1 });
    expect(seen.totals).toEqual(totalsOf(seen.lines));

    const packs = [
      ...pallet.cartons.flatMap((c) => c.packs),
      ...cartonA2.packs,
      ...cartonA1.packs,
      ...mixed.packs,
      ...looseA1,
      ...looseA2,
      ...looseB1,
      ...second.carton.packs,
      ...second.packs,
    ];
    const ssccs = [pallet.sscc, ...pallet.cartons.map((c) => c.sscc), cartonA2.sscc, cartonA1.sscc, mixed.sscc, second.carton.sscc];
    expect(sorted(mine)).toEqual(sorted(await countedBySearch('RDC', packs, ssccs)));
  });

  it('filters by warehouse, material and batch; the other area is never counted', async () => {
    const w2020 = await report('area=RDC&warehouseNo=W2020');
    expect(w2020.filters.warehouseNos).toEqual(['W2020']);
    expect(w2020.lines).toEqual([
      { warehouseNo: 'W2020', materialNo: a.materialNo, batchNo: A1, status: 'ACTIVE', packs: 4, cartons: 1, pallets: 0 },
    ]);
    expect(w2020.totals).toEqual({ packs: 4, cartons: 1, pallets: 0 });

    const all = await report('area=RDC');
    const ofB = await report(`area=RDC&materialNo=${b.materialNo}`);
    expect(ofB.lines).toEqual(all.lines.filter((l) => l.materialNo === b.materialNo));
    expect(ofB.lines).toContainEqual({
      warehouseNo: 'W2010',
      materialNo: b.materialNo,
      batchNo: B1,
      status: 'ACTIVE',
      packs: 3,
      cartons: 0,
      pallets: 0,
    });
    expect(ofB.totals).toEqual(totalsOf(ofB.lines));
    const ofA2 = await report(`area=RDC&batchNo=${A2}`);
    expect(ofA2.lines).toEqual(all.lines.filter((l) => l.batchNo === A2));
    expect(ofA2.totals).toEqual({ packs: 7, cartons: 1, pallets: 0 });
    const ofA1 = await report(`area=RDC&warehouseNo=W2010&materialNo=${a.materialNo}&batchNo=${encodeURIComponent(A1)}`);
    expect(ofA1.lines).toEqual(all.lines.filter((l) => l.warehouseNo === 'W2010' && l.batchNo === A1));
    expect(ofA1.totals).toEqual({ packs: 10, cartons: 2, pallets: 1 });
    expect((await report(`area=RDC&materialNo=${b.materialNo}&batchNo=${A2}`)).lines).toEqual([]);
    // Batch A1 is in both areas: the regional report counts the regional warehouses' packs only.
    expect((await report(`area=RDC&batchNo=${encodeURIComponent(A1)}`)).totals).toEqual({ packs: 14, cartons: 3, pallets: 1 });

    // The local area sees its own warehouse only, and the regional report nothing of it.
    const seen = await report('area=LDC', ldc);
    expect(seen.filters.warehouseNos).toEqual(['W3010']);
    const localCounted = await countedBySearch(
      'LDC',
      [...local.pallet.cartons.flatMap((c) => c.packs), ...local.packs],
      [local.pallet.sscc, ...local.pallet.cartons.map((c) => c.sscc)],
    );
    expect(seen.lines.filter((l) => l.warehouseNo !== 'W3010')).toEqual([]);
    expect(added(seen, demo.LDC)).toEqual(localCounted);
    expect(added(seen, demo.LDC)).toEqual([
      { warehouseNo: 'W3010', materialNo: a.materialNo, batchNo: A1, status: 'ACTIVE', packs: 4, cartons: 1, pallets: 1 },
    ]);
    expect(all.lines.filter((l) => l.warehouseNo === 'W3010')).toEqual([]);
  });

  it('the CSV: the header row, then the JSON lines in order, numbers unformatted', async () => {
    const json = await report('area=RDC');
    const res = await t.app.inject({ method: 'GET', url: '/api/reports/stock?area=RDC&format=csv', headers: rdc });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="stock-report.csv"');
    const [header, ...rows] = res.body.split('\r\n');
    expect(rows.pop()).toBe('');
    expect(header).toBe(STOCK_CSV_HEADER.join(','));
    expect(header).toBe('warehouseNo,materialNo,batchNo,status,packs,cartons,pallets');
    expect(rows).toEqual(
      json.lines.map((l) => [l.warehouseNo, l.materialNo, l.batchNo ?? '', l.status, l.packs, l.cartons, l.pallets].join(',')),
    );
    // The mixed carton's line: no material, no batch (empty fields), listed first in its warehouse.
    expect(rows.find((r) => r.startsWith('W2010,'))).toMatch(/^W2010,,,ACTIVE,\d+,\d+,\d+$/);
    expect(rows).toContain(`W2020,${a.materialNo},${A1},ACTIVE,4,1,0`);
    expect(rows).toContain(`W2010,${a.materialNo},${A1},ACTIVE,9,2,1`);
  });
});
