import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, sgtinUri, type ModuleGrant } from '@pharma/domain';
import type { StockTakeDetails } from '@pharma/domain/contract/stock-takes';
import { epcisSchemaErrors } from '../src/api/integration/epcis-schema.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, ssccScan, type CartonSpec, type PackSpec, type PalletSpec } from '../src/seed/epcis-builder.ts';
import { putDocumentFor, receiveIbd } from '../src/seed/stock-builder.ts';
import { DATABASES, localUserWith, rowCount, signIn, startTestApp, type TestApp } from './harness.ts';
import { apiPort, makeCodes, products, type Product } from './inventory-fixtures.ts';

/**
 * Issue 31 (decision 0079): the stock take through the HTTP API, on SQLite and PostgreSQL. A count of the
 * local warehouse W3010 holding a pallet, a carton and loose packs built for it; two packs hidden (missing),
 * one pack of the regional warehouse brought in (found), one pack dispatched while the count runs (moved,
 * neither missing nor found); a blind counter sees no expected figure; completion needs a reason per
 * difference; the completer may not approve; another person's approval adjusts the stock, which a search
 * of each unit shows with its history; a recount; a resent scanId counted once; each action its own.
 */
describe.each(DATABASES)('the stock take on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let ldc: Record<string, string>;
  let counter: Record<string, string>;
  let a: Product;
  let b: Product;
  const codes = makeCodes(3131);
  let pallet: PalletSpec;
  let carton: CartonSpec;
  let loose: PackSpec[];
  let second: PackSpec[];
  let hidden: PackSpec[];
  let dispatched: PackSpec;
  let stranger: PackSpec;
  let number: string;
  const OBD = '8000031001';

  const partial = (features: { feature: 'List' | 'DetailsPage'; actions: string[] }[]): ModuleGrant =>
    ({ module: 'STOCKTAKE', isCompletelyPermitted: false, features }) as ModuleGrant;
  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method: 'POST', url: `${url}?area=LDC`, headers, ...(payload ? { payload } : {}) });
  const details = async (headers: Record<string, string>, no = number) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/stockTakes/${no}?area=LDC`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StockTakeDetails;
  };
  const count = (code: string, unit: 'PLT' | 'CTN' | 'EA', headers = counter, scanId = randomUUID(), no = number) =>
    post('/api/scanForOperation', headers, { docType: 'COUNT', docNo: no, code, unit, idType: 'GS1', scanId });
  const search = async (p: PackSpec, area: 'RDC' | 'LDC' = 'LDC') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/serialSearch/${encodeURIComponent(packScan(p))}?area=${area}`,
      headers: area === 'LDC' ? ldc : admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data[0] as {
      status: string;
      reason: string;
      warehouseNo: string;
      parent: { id: string } | null;
      history: { action: string; reason: string | null }[];
    };
  };
  const label = (p: PackSpec) => `${p.gtin}/${p.serial}`;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    const all = await products(t);
    a = { ...all[0]!, batch: 'ST31A' };
    b = { ...all[1]!, batch: 'ST31B' };
    pallet = codes.pallet(2, 3, a);
    carton = codes.carton(4, a);
    loose = codes.packs(5, a);
    second = codes.packs(3, b);
    hidden = loose.slice(0, 2);
    dispatched = loose[2]!;
    stranger = codes.packs(1, a)[0]!;
    // W3010: a pallet of 2 cartons of 3, a carton of 4, 5 loose packs of material a; 3 loose packs of material b.
    await receiveIbd(
      apiPort(t.app, admin, 'LDC'),
      '1800031001',
      { pallets: [pallet], cartons: [carton], packs: [...loose, ...second] },
      all,
      {
        warehouseNo: 'W3010',
      },
    );
    // W2010: one pack of material a that will turn up in W3010.
    await receiveIbd(apiPort(t.app, admin, 'RDC'), '1800031002', { packs: [stranger] }, all, { warehouseNo: 'W2010' });
    // The dispatch that will take a loose pack while the count runs.
    await putDocumentFor(apiPort(t.app, admin, 'LDC'), 'OBD', OBD, [dispatched], all, { warehouseNo: 'W3010' });
    // A counter: creates, counts and completes counts, does not approve them; no other module.
    counter = await localUserWith(t.app, admin, 'Stock counter', [
      partial([
        { feature: 'List', actions: [] },
        { feature: 'DetailsPage', actions: ['CreateCount', 'Count', 'CompleteCount'] },
      ]),
    ]);
  });
  afterAll(() => t?.close());

  it('creates a blind count of the warehouse and takes its snapshot; the counter is not told how many units it holds', async () => {
    const res = await post('/api/stockTakes', counter, { warehouseNo: 'W3010', scope: {}, blind: true });
    expect(res.statusCode, res.body).toBe(200);
    number = res.json().number;
    expect(number).toMatch(/^ST\d{8}$/);
    expect(res.json().message).toBe(message('STOCK_TAKE_CREATED', { number, warehouseNo: 'W3010' }));
    expect(res.json()).not.toHaveProperty('snapshotUnits');
    // The engine's list holds it as any document: Open, in W3010.
    const list = await t.app.inject({ method: 'GET', url: '/api/stockTakes?area=LDC', headers: ldc });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((d: { number: string; status: string }) => [d.number, d.status])).toContainEqual([number, 'Open']);
    // Another area does not see it.
    expect((await t.app.inject({ method: 'GET', url: `/api/stockTakes/${number}?area=RDC`, headers: admin })).statusCode).toBe(404);
  });

  it('a dispatch while the count runs takes a loose pack out of the warehouse', async () => {
    const scan = await post('/api/scanForOperation', ldc, {
      docType: 'OBD',
      docNo: OBD,
      code: packScan(dispatched),
      unit: 'EA',
      scanId: randomUUID(),
    });
    expect(scan.statusCode, scan.body).toBe(200);
    const done = await post('/api/completeOperation', ldc, { docType: 'OBD', docNo: OBD });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('counts by scanning: a pallet and a carton count everything under them, a pack itself; no unit changes; a unit of another warehouse is taken, not refused', async () => {
    const before = (await search(loose[3]!)).history.length;
    const palletScan = await count(ssccScan(pallet.sscc), 'PLT');
    expect(palletScan.statusCode, palletScan.body).toBe(200);
    expect(palletScan.json()).toMatchObject({
      accepted: true,
      packs: 6,
      unit: { type: 'PLT', id: pallet.sscc },
      document: { status: 'In Progress' },
      data: [],
    });
    expect((await count(ssccScan(carton.sscc), 'CTN')).json().packs).toBe(4);
    for (const p of [...loose.slice(3), ...second, stranger]) {
      const res = await count(packScan(p), 'EA');
      expect(res.statusCode, res.body).toBe(200);
      // Blind: no answer names what is expected.
      expect(res.body).not.toMatch(/expected/i);
    }
    const after = await search(loose[3]!);
    expect(after.history.length).toBe(before);
    expect(after.status).toBe('ACTIVE');
    expect((await search(stranger, 'RDC')).warehouseNo).toBe('W2010');
  });

  it('a resent scanId answers the same and counts once; a unit counted again in the round counts once', async () => {
    const scanId = randomUUID();
    const first = await count(ssccScan(carton.sscc), 'CTN', counter, scanId);
    const rows = await rowCount(t, 'stock_take_counted');
    const again = await count(ssccScan(carton.sscc), 'CTN', counter, scanId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await rowCount(t, 'stock_take_counted')).toBe(rows);
    // The carton was counted already by the first scan of the test above: its units count once.
    expect(first.json().packs).toBe(0);
    expect(first.json().warnings).toEqual([message('STOCK_TAKE_ALREADY_COUNTED', { count: 5, number })]);
    // The same scanId with another code is refused.
    expect((await count(packScan(second[0]!), 'EA', counter, scanId)).json().code).toBe('SCAN_ID_REUSED');
  });

  it('blind: the counter sees only what was counted, per line, and never an expected figure', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/stockTakes/${number}?area=LDC`, headers: counter });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/"expected|"missing|"found|"movedDuringCount/);
    const view = res.json() as StockTakeDetails;
    expect(view.view).toBe('blind');
    expect(view.lines.map((l) => [l.materialNo, l.batchNo, l.counted])).toEqual(
      [
        [a.materialNo, 'ST31A', 6 + 4 + 2 + 1],
        [b.materialNo, 'ST31B', 3],
      ].sort((x, y) => (String(x[0]) < String(y[0]) ? -1 : 1)),
    );
  });

  it('the full view: missing, found and moved during the count, each line apart', async () => {
    const view = await details(ldc);
    expect(view.view).toBe('full');
    const lineA = view.lines.find((l) => l.batchNo === 'ST31A')!;
    expect(lineA).toMatchObject({ expected: 6 + 4 + 5 - 1, counted: 6 + 4 + 2 + 1 });
    expect(lineA.missing).toEqual(hidden.map(label).sort());
    expect(lineA.found).toEqual([{ id: label(stranger), expectedWarehouseNo: 'W2010', expectedStatus: 'ACTIVE' }]);
    expect(lineA.movedDuringCount).toEqual([{ id: label(dispatched), docType: 'OBD', docNo: OBD }]);
    const lineB = view.lines.find((l) => l.batchNo === 'ST31B')!;
    expect(lineB).toMatchObject({ expected: 3, counted: 3, missing: [], found: [], movedDuringCount: [] });
    // The pallet and the carton were counted: no container of this test is missing.
    expect(view.missingContainers).not.toContain(pallet.sscc);
    expect(view.missingContainers).not.toContain(carton.sscc);
  });

  it('a recount clears a line so it is counted again; both counts stay in the trail', async () => {
    const res = await post(`/api/stockTakes/${number}/recount`, counter, { materialNo: b.materialNo, batchNo: 'ST31B' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(message('STOCK_TAKE_RECOUNT', { materialNo: b.materialNo, batchNo: 'ST31B', number, round: 1 }));
    expect(res.json().details.lines.find((l: { batchNo: string }) => l.batchNo === 'ST31B')).toBeUndefined();
    const full = (await details(ldc)).lines.find((l) => l.batchNo === 'ST31B')!;
    expect(full).toMatchObject({ expected: 3, counted: 0, round: 1 });
    expect(full.missing).toHaveLength(3);
    for (const p of second) expect((await count(packScan(p), 'EA')).json().packs).toBe(1);
    expect((await details(ldc)).lines.find((l) => l.batchNo === 'ST31B')).toMatchObject({ counted: 3, missing: [], round: 1 });
    // Nothing counted on a line: nothing to recount.
    const none = await post(`/api/stockTakes/${number}/recount`, counter, { materialNo: b.materialNo, batchNo: 'NOPE' });
    expect(none.statusCode).toBe(422);
  });

  it('completion without a reason for a line with a difference is refused naming the line, and changes nothing', async () => {
    const res = await post(`/api/stockTakes/${number}/complete`, counter, { reasons: [] });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('STOCK_TAKE_REASON_MISSING');
    const other = await post(`/api/stockTakes/${number}/complete`, counter, {
      reasons: (await details(ldc)).lines.map((l) => ({ materialNo: l.materialNo, batchNo: l.batchNo, reason: 'OTHER' })),
    });
    expect(other.json().code).toBe('STOCK_TAKE_REASON_TEXT');
    expect((await details(ldc)).stockTake.state).toBe('COUNTING');
    // Naming the line: the first line with a difference, whichever it is.
    const first = (await details(ldc)).lines.find((l) => (l.missing?.length ?? 0) + (l.found?.length ?? 0) > 0)!;
    expect(res.json().message).toBe(message('STOCK_TAKE_REASON_MISSING', { materialNo: first.materialNo, batchNo: first.batchNo ?? '-' }));
  });

  it('completes with a reason for each difference; the completer may not approve (nor may a user without ApproveCount)', async () => {
    const reasons = (await details(ldc)).lines
      .filter((l) => (l.missing?.length ?? 0) + (l.found?.length ?? 0) > 0)
      .map((l) => ({ materialNo: l.materialNo, batchNo: l.batchNo, reason: l.batchNo === 'ST31A' ? 'THEFT_SUSPECTED' : 'MISPLACED' }));
    const done = await post(`/api/stockTakes/${number}/complete`, counter, { reasons });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(message('STOCK_TAKE_COMPLETED', { number }));
    expect(done.json().details.stockTake).toMatchObject({ state: 'COMPLETED', status: 'In Progress' });
    // The counter lacks ApproveCount: the gate refuses.
    const refused = await post(`/api/stockTakes/${number}/approve`, counter);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FEATURE_NOT_AUTHORIZED');
    // A completed count takes no more scans.
    expect((await count(packScan(hidden[0]!), 'EA')).json().code).toBe('STOCK_TAKE_NOT_COUNTING');

    // The same person completing and approving: refused with the message.
    const own = await post('/api/stockTakes', ldc, { warehouseNo: 'W3010', scope: { sscc: carton.sscc }, blind: false });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().snapshotUnits).toBe(5);
    const ownNo = own.json().number as string;
    expect((await count(ssccScan(carton.sscc), 'CTN', ldc, randomUUID(), ownNo)).statusCode).toBe(200);
    expect((await post(`/api/stockTakes/${ownNo}/complete`, ldc, { reasons: [] })).statusCode).toBe(200);
    const self = await post(`/api/stockTakes/${ownNo}/approve`, ldc);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(message('STOCK_TAKE_APPROVER_IS_COMPLETER', { number: ownNo }));
    const byAdmin = await post(`/api/stockTakes/${ownNo}/approve`, admin);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().adjusted).toEqual({ missing: 0, found: 0 });
  });

  it('approval by another person adjusts the stock in one go; a search of each unit shows its new status and history', async () => {
    const res = await post(`/api/stockTakes/${number}/approve`, ldc);
    expect(res.statusCode, res.body).toBe(200);
    const missingTotal = res.json().adjusted.missing as number;
    expect(res.json().adjusted.found).toBe(1);
    expect(res.json().details.stockTake).toMatchObject({ state: 'APPROVED', status: 'Completed', approvedBy: DEMO_USERS.ldc });
    for (const p of hidden) {
      const unit = await search(p);
      expect(unit).toMatchObject({ status: 'MISSING', reason: 'WAREHOUSE RECEIVED', warehouseNo: 'W3010', parent: null });
      expect(unit.history.at(-1)).toMatchObject({ action: 'status', reason: `stock take ${number}: missing` });
    }
    const found = await search(stranger);
    expect(found).toMatchObject({ status: 'ACTIVE', warehouseNo: 'W3010', parent: null });
    expect(found.history.at(-1)).toMatchObject({ action: 'status', reason: `stock take ${number}: found` });
    // Moved during the count: left as the dispatch left it.
    expect(await search(dispatched)).toMatchObject({ status: 'TRANSIT', reason: 'DISPATCHED' });
    // Counted: unchanged.
    expect(await search(loose[4]!)).toMatchObject({ status: 'ACTIVE', warehouseNo: 'W3010' });
    // The variance stays as it was approved.
    const view = await details(ldc);
    const lineA = view.lines.find((l) => l.batchNo === 'ST31A')!;
    expect(lineA.missing).toEqual(hidden.map(label).sort());
    expect(lineA.movedDuringCount).toEqual([{ id: label(dispatched), docType: 'OBD', docNo: OBD }]);
    expect(lineA.reason).toEqual({ reason: 'THEFT_SUSPECTED', text: null });

    // CBV 2.0 section 7.1: each adjustment is in an EPCIS ObjectEvent with bizStep cycle_counting.
    const events = await t.app.inject({
      method: 'GET',
      url: `/api/integration/epcis/events?docType=COUNT&docNo=${number}`,
      headers: admin,
    });
    expect(events.statusCode, events.body).toBe(200);
    // The export is a valid EPCIS 2.0 document (GS1's EPCIS 2.0 JSON Schema).
    expect(epcisSchemaErrors(events.json())).toEqual([]);
    const list = events.json().epcisBody.eventList as { type: string; bizStep: string; disposition: string; epcList: string[] }[];
    expect(list.map((e) => [e.type, e.bizStep, e.disposition]).sort()).toEqual([
      ['ObjectEvent', 'cycle_counting', 'sellable_accessible'],
      ['ObjectEvent', 'cycle_counting', 'unknown'],
    ]);
    const missingEvent = list.find((e) => e.disposition === 'unknown')!;
    for (const p of hidden) expect(missingEvent.epcList).toContain(sgtinUri(p.gtin, p.serial, 7));
    expect(missingEvent.epcList.length).toBeLessThanOrEqual(missingTotal);
    expect(list.find((e) => e.disposition === 'sellable_accessible')!.epcList).toEqual([sgtinUri(stranger.gtin, stranger.serial, 7)]);
    // Approved once: a second approval is refused.
    expect((await post(`/api/stockTakes/${number}/approve`, admin)).statusCode).toBe(409);
  });

  it("the ledger (decision 0077) counts the approval: the missing packs out of W3010's stock, the found pack out of W2010's and into W3010's", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const ledger = async (area: 'RDC' | 'LDC', warehouseNo: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/reports/ledger?area=${area}&warehouseNo=${warehouseNo}&materialNo=${a.materialNo}&batchNo=ST31A&from=${today}&to=${today}`,
        headers: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      const stock = await t.app.inject({
        method: 'GET',
        url: `/api/reports/stock?area=${area}&warehouseNo=${warehouseNo}&materialNo=${a.materialNo}&batchNo=ST31A`,
        headers: admin,
      });
      const line = res.json().lines[0];
      // The closing is the stock now, as the stock report counts it.
      expect(line.closing).toBe(stock.json().totals.packs);
      return line;
    };
    // W3010 received 6 + 4 + 5 packs today; one dispatched; two missing, one found: adjusted by 1 − 2.
    expect(await ledger('LDC', 'W3010')).toMatchObject({ opening: 0, received: 15, dispatched: 1, adjusted: -1, closing: 13 });
    // W2010 received the stranger today; the count took it out of W2010's stock.
    expect(await ledger('RDC', 'W2010')).toMatchObject({ opening: 0, received: 1, adjusted: -1, closing: 0 });
  });

  it('each path needs its own action; the engine’s delete and completion refuse a count, naming its paths', async () => {
    const viewOnly = await localUserWith(t.app, admin, 'Count viewer', [partial([{ feature: 'DetailsPage', actions: [] }])]);
    const created = await post('/api/stockTakes', ldc, {
      warehouseNo: 'W3010',
      scope: { materialNo: b.materialNo, batchNo: 'ST31B' },
      blind: false,
    });
    const no = created.json().number as string;
    const cases: [string, object | undefined][] = [
      ['/api/stockTakes', { warehouseNo: 'W3010', scope: {}, blind: true }],
      [
        '/api/scanForOperation',
        { docType: 'COUNT', docNo: no, code: packScan(second[0]!), unit: 'EA', idType: 'GS1', scanId: randomUUID() },
      ],
      [`/api/stockTakes/${no}/recount`, { materialNo: b.materialNo, batchNo: 'ST31B' }],
      [`/api/stockTakes/${no}/complete`, { reasons: [] }],
      [`/api/stockTakes/${no}/approve`, undefined],
    ];
    const documents = await rowCount(t, 'documents');
    for (const [url, body] of cases) {
      const res = await post(url, viewOnly, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('FEATURE_NOT_AUTHORIZED');
    }
    expect(await rowCount(t, 'documents')).toBe(documents);
    // A dispatch operator without STOCKTAKE cannot count.
    const dispatcher = await localUserWith(t.app, admin, 'Dispatcher only', [
      { module: 'DISPATCH', isCompletelyPermitted: true, features: [] },
    ]);
    expect((await post('/api/scanForOperation', dispatcher, cases[1]![1]!)).json().code).toBe('MODULE_NOT_AUTHORIZED');
    // Count without Scan anywhere: the counter's scan passes the gate (its module's own action).
    expect((await count(packScan(second[0]!), 'EA', counter, randomUUID(), no)).statusCode).toBe(200);
    // The engine's delete and completion refuse a count, naming its own paths.
    const reverse = await post('/api/reverseOperation', ldc, {
      docType: 'COUNT',
      docNo: no,
      code: packScan(second[0]!),
      scanId: randomUUID(),
    });
    expect(reverse.statusCode).toBe(422);
    expect(reverse.json().code).toBe('STOCK_TAKE_OWN_PATHS');
    const complete = await post('/api/completeOperation', ldc, { docType: 'COUNT', docNo: no });
    expect(complete.json().code).toBe('STOCK_TAKE_OWN_PATHS');
  });
});
