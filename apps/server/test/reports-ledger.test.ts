import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inStockState, ITEM_REASONS, UNIT_STATUSES } from '@pharma/domain';
import { LEDGER_CSV_HEADER, type LedgerReport, type StockReport } from '@pharma/domain/contract/reports';
import { sql } from 'kysely';
import { IN_STOCK } from '../src/api/inventory/units.repository.ts';
import { csvField } from '../src/lib/csv.ts';
import { isoToday } from '../src/lib/today.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, type PackSpec } from '../src/seed/epcis-builder.ts';
import { putDocumentFor, receiveIbd, scanAndComplete } from '../src/seed/stock-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { apiPort, makeCodes, products, type Product } from './inventory-fixtures.ts';

/**
 * Issue 32, decision 0077: the stock ledger. Built through the API in the local area (W3010) on four
 * days, each a faked date: received on day 1, dispatched on day 2, returned and scrapped on day 3,
 * and a pack edited to SHORTAGE while on an open scrapping, which then completes, on day 3; transferred to
 * W2010 (received there, in the regional area) and a pack edited to SHORTAGE on day 4.
 * The stock report is taken at the end of each day under the same date: every opening and closing must
 * be that day's stock, and every line must add up.
 */
type Headers = Record<string, string>;
type Line = LedgerReport['lines'][number];

const DAY_MS = 86_400_000;
const today = isoToday();
const dayBefore = (n: number) => new Date(Date.parse(`${today}T00:00:00.000Z`) - n * DAY_MS).toISOString().slice(0, 10);
/** Four days in the recent past: the sign-ins made today stay valid under them. */
const DAYS = [dayBefore(20), dayBefore(19), dayBefore(18), dayBefore(17)] as const;
const [D1, D2, D3, D4] = DAYS;
const BATCH_A = 'LG32A';
const BATCH_B = 'LG32B';

const key = (l: { warehouseNo: string; materialNo: string; batchNo: string | null }) => `${l.warehouseNo}|${l.materialNo}|${l.batchNo}`;
const net = (l: Line) => l.received + l.returned + l.transferredIn - l.dispatched - l.scrapped - l.transferredOut + l.adjusted;
/** The stock report's packs per warehouse, material and batch (its lines are per status too). */
const packsByPlace = (r: StockReport) => {
  const out = new Map<string, number>();
  for (const l of r.lines) if (l.packs > 0) out.set(key(l), (out.get(key(l)) ?? 0) + l.packs);
  return out;
};
const closingByPlace = (r: LedgerReport, figure: 'opening' | 'closing') =>
  new Map(r.lines.filter((l) => l[figure] !== 0).map((l) => [key(l), l[figure]]));

describe.each(DATABASES)('ledger report on %s', (kind) => {
  let t: TestApp;
  let admin: Headers;
  let a: Product;
  let b: Product;
  let packsA: PackSpec[];
  let packsB: PackSpec[];
  /** The stock report of each batch at the end of each day, taken under that day's date. */
  const stockAt = new Map<string, StockReport>();

  const get = async <T>(name: string, query: Record<string, string>, headers = admin): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/reports/${name}?${new URLSearchParams(query)}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const ledger = (query: Record<string, string>) => get<LedgerReport>('ledger', query);
  const at = (day: string, time: string) => vi.setSystemTime(new Date(`${day}T${time}.000Z`));
  const endOfDay = async (day: string) => {
    at(day, '23:30:00');
    for (const batchNo of [BATCH_A, BATCH_B])
      for (const area of ['LDC', 'RDC']) stockAt.set(`${day}|${area}|${batchNo}`, await get<StockReport>('stock', { area, batchNo }));
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    const all = await products(t);
    a = { ...all[0]!, batch: BATCH_A };
    b = { ...all[1]!, batch: BATCH_B };
    const codes = makeCodes(3260);
    packsA = codes.packs(8, a);
    packsB = codes.packs(4, b);
    const local = apiPort(t.app, admin, 'LDC');
    const regional = apiPort(t.app, admin, 'RDC');
    const on = { warehouseNo: 'W3010' };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      at(D1, '09:00:00');
      await receiveIbd(local, '1732600001', { packs: [...packsA, ...packsB] }, all, on);
      await endOfDay(D1);

      at(D2, '10:00:00');
      await putDocumentFor(local, 'OBD', '8132600001', packsA.slice(0, 3), all, on);
      await scanAndComplete(local, 'OBD', '8132600001', packsA.slice(0, 3));
      await endOfDay(D2);

      at(D3, '11:00:00');
      await putDocumentFor(local, 'RMA', '6132600001', packsA.slice(0, 2), all, on);
      await scanAndComplete(local, 'RMA', '6132600001', packsA.slice(0, 2));
      const scrapped = [packsA[3]!, packsB[0]!];
      await putDocumentFor(local, 'DECOMM', '7132600001', scrapped, all, on);
      await scanAndComplete(local, 'DECOMM', '7132600001', scrapped);
      // A pack scanned for scrapping, then edited to SHORTAGE before the scrapping completes: it leaves the
      // stock at the edit, and the completion moves it no more (its state at completion is its audit row's).
      await putDocumentFor(local, 'DECOMM', '7132600002', [packsB[2]!], all, on);
      const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `${url}?area=LDC`, headers: admin, payload });
      const code = packScan(packsB[2]!);
      const picked = await post('/api/scanForOperation', {
        docType: 'DECOMM',
        docNo: '7132600002',
        code,
        unit: 'EA',
        idType: 'GS1',
        scanId: randomUUID(),
      });
      expect(picked.statusCode, picked.body).toBe(200);
      const shortage = await post('/api/itemStatus', { code, unit: 'EA', status: 'SHORTAGE' });
      expect(shortage.statusCode, shortage.body).toBe(200);
      const scrappedShort = await post('/api/completeOperation', { docType: 'DECOMM', docNo: '7132600002' });
      expect(scrappedShort.statusCode, scrappedShort.body).toBe(200);
      await endOfDay(D3);

      at(D4, '12:00:00');
      const moved = [packsA[4]!, packsA[5]!, packsB[1]!];
      await putDocumentFor(local, 'STO', '3132600001', moved, all, { ...on, destination: { warehouseNo: 'W2010' } });
      await scanAndComplete(local, 'STO', '3132600001', moved);
      await putDocumentFor(regional, 'IBD', '1732600002', moved, all, {
        warehouseNo: 'W2010',
        receives: { type: 'STO', number: '3132600001' },
      });
      await scanAndComplete(regional, 'IBD', '1732600002', moved);
      const edit = await t.app.inject({
        method: 'POST',
        url: '/api/itemStatus?area=LDC',
        headers: admin,
        payload: { code: packScan(packsA[6]!), unit: 'EA', status: 'SHORTAGE' },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      await endOfDay(D4);
    } finally {
      vi.useRealTimers();
    }
  });
  afterAll(() => t?.close());

  it('each movement in its column, as the documents and the edit moved the packs', async () => {
    const local = await ledger({ area: 'LDC', from: D1, to: D4, batchNo: BATCH_A });
    expect(local.lines).toEqual([
      {
        warehouseNo: 'W3010',
        materialNo: a.materialNo,
        batchNo: BATCH_A,
        opening: 0,
        received: 8,
        returned: 2,
        transferredIn: 0,
        dispatched: 3,
        scrapped: 1,
        transferredOut: 2,
        adjusted: -1,
        closing: 3,
      },
    ]);
    const ofB = await ledger({ area: 'LDC', from: D1, to: D4, batchNo: BATCH_B });
    // The pack edited while on the second scrapping left at the edit (adjusted), and its scrapping moved it no more.
    expect(ofB.lines).toMatchObject([
      { warehouseNo: 'W3010', opening: 0, received: 4, scrapped: 1, transferredOut: 1, adjusted: -1, closing: 1 },
    ]);
    // The units themselves: the edited pack is SHORTAGE, the transferred ones ACTIVE in W2010.
    const unit = async (p: PackSpec, area: string) =>
      (await get<{ data: { gtin: string; status: string; warehouseNo: string }[] }>(`../serialSearch/${p.serial}`, { area })).data.find(
        (u) => u.gtin === p.gtin,
      );
    expect(await unit(packsA[6]!, 'LDC')).toMatchObject({ status: 'SHORTAGE', warehouseNo: 'W3010' });
    expect(await unit(packsA[4]!, 'RDC')).toMatchObject({ status: 'ACTIVE', warehouseNo: 'W2010' });
    const regional = await ledger({ area: 'RDC', from: D4, to: D4, materialNo: a.materialNo, batchNo: BATCH_A });
    expect(regional.lines).toMatchObject([{ warehouseNo: 'W2010', opening: 0, transferredIn: 2, received: 0, closing: 2 }]);
  });

  it('every line adds up exactly, in both areas, over any period', async () => {
    for (const area of ['RDC', 'LDC'])
      for (const [from, to] of [
        [D1, D4],
        [D1, D2],
        [D3, D4],
        [D2, D2],
        [D1, today],
      ]) {
        const r = await ledger({ area, from: from!, to: to! });
        // The regional area has no stock before the transfer of day 4 (the demo's arrives today).
        if (from === D1 && (to === D4 || area === 'LDC')) expect(r.lines.length).toBeGreaterThan(0);
        for (const l of r.lines) expect(l.closing, `${area} ${from}..${to} ${key(l)}`).toBe(l.opening + net(l));
      }
  });

  it('one period’s closing is the next one’s opening, line by line', async () => {
    for (const area of ['RDC', 'LDC']) {
      const first = await ledger({ area, from: D1, to: D2 });
      const second = await ledger({ area, from: D3, to: D4 });
      expect(closingByPlace(second, 'opening')).toEqual(closingByPlace(first, 'closing'));
    }
  });

  it('each opening and closing is the stock report taken at the end of that day', async () => {
    for (const area of ['RDC', 'LDC'])
      for (const batchNo of [BATCH_A, BATCH_B])
        for (const [i, day] of DAYS.entries()) {
          const closing = await ledger({ area, batchNo, from: DAYS[0], to: day });
          expect(closingByPlace(closing, 'closing'), `${area} ${batchNo} ${day}`).toEqual(
            packsByPlace(stockAt.get(`${day}|${area}|${batchNo}`)!),
          );
          if (i === 0) continue;
          const opening = await ledger({ area, batchNo, from: day, to: D4 });
          expect(closingByPlace(opening, 'opening')).toEqual(packsByPlace(stockAt.get(`${DAYS[i - 1]}|${area}|${batchNo}`)!));
        }
  });

  it('the closing of a period ending today is the stock report now, whole area', async () => {
    for (const area of ['RDC', 'LDC']) {
      const r = await ledger({ area, from: D1, to: today });
      expect(closingByPlace(r, 'closing')).toEqual(packsByPlace(await get<StockReport>('stock', { area })));
    }
  });

  it('the days are each day’s stock, all lines together', async () => {
    for (const batchNo of [BATCH_A, BATCH_B]) {
      const r = await ledger({ area: 'LDC', batchNo, from: D1, to: D4 });
      expect(r.days).toEqual(DAYS.map((date) => ({ date, closing: stockAt.get(`${date}|LDC|${batchNo}`)!.totals.packs })));
      expect(r.days.at(-1)!.closing).toBe(r.lines.reduce((n, l) => n + l.closing, 0));
    }
  });

  it('without a period, the 30 days ending today, as its filters say', async () => {
    const r = await ledger({ area: 'LDC' });
    expect(r.filters).toMatchObject({ from: dayBefore(29), to: today });
    expect(r.days.map((d) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => dayBefore(29 - i)));
    expect(r.days.at(-1)!.closing).toBe((await get<StockReport>('stock', { area: 'LDC' })).totals.packs);
  });

  it('filters: warehouse, material, batch; the other area never counted', async () => {
    const all = await ledger({ area: 'LDC', from: D1, to: D4 });
    for (const l of all.lines) expect(l.warehouseNo).toBe('W3010');
    const byWarehouse = await ledger({ area: 'LDC', from: D1, to: D4, warehouseNo: 'W3010' });
    expect(byWarehouse.lines).toEqual(all.lines);
    expect(byWarehouse.filters.warehouseNos).toEqual(['W3010']);
    const byMaterial = await ledger({ area: 'LDC', from: D1, to: D4, materialNo: a.materialNo });
    expect(byMaterial.lines.length).toBeGreaterThan(0);
    for (const l of byMaterial.lines) expect(l.materialNo).toBe(a.materialNo);
    expect(byMaterial.lines).toEqual(all.lines.filter((l) => l.materialNo === a.materialNo));
    const byBatch = await ledger({ area: 'LDC', from: D1, to: D4, materialNo: b.materialNo, batchNo: BATCH_B });
    expect(byBatch.lines.map(key)).toEqual([`W3010|${b.materialNo}|${BATCH_B}`]);
    expect(byBatch.filters).toMatchObject({ materialNo: b.materialNo, batchNo: BATCH_B, from: D1, to: D4 });
    const regional = await ledger({ area: 'RDC', from: D1, to: D4 });
    for (const l of regional.lines) expect(l.warehouseNo).toBe('W2010');
  });

  it('the CSV is the header and one row per line, as the JSON', async () => {
    const query = { area: 'LDC', from: D1, to: D4 };
    const json = await ledger(query);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports/ledger?${new URLSearchParams({ ...query, format: 'csv' })}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = res.body.split('\r\n').filter((l) => l !== '');
    expect(header).toBe(LEDGER_CSV_HEADER.join(','));
    expect(rows).toEqual(json.lines.map((l) => LEDGER_CSV_HEADER.map((c) => csvField(l[c])).join(',')));
    expect(rows).toContain(`W3010,${a.materialNo},${BATCH_A},0,8,2,0,3,1,2,-1,3`);
  });

  it('the domain’s inStockState is IN_STOCK, for every status and reason', async () => {
    for (const status of UNIT_STATUSES)
      for (const reason of [...ITEM_REASONS, null]) {
        const { rows } = await sql<{ n: number | string }>`
          SELECT COUNT(*) AS n FROM (SELECT 'W1' AS warehouse_no, CAST(${status} AS text) AS status, CAST(${reason} AS text) AS reason) h
          WHERE ${IN_STOCK}`.execute(t.database.db);
        expect(Number(rows[0]!.n) === 1, `${status} / ${reason}`).toBe(inStockState({ status, reason }));
      }
  });
});
