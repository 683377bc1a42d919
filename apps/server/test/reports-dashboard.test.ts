import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILIES, LITE_FAMILIES } from '@pharma/domain';
import type { ListResponse } from '@pharma/domain/contract/inventory';
import type { z } from 'zod';
import type { DashboardReport, ExpiryReport, ProductivityReport, StockReport } from '@pharma/domain/contract/reports';
import { isoToday } from '../src/lib/today.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { packScan } from '../src/seed/epcis-builder.ts';
import { putDocumentFor, receiveIbd, scanUnits } from '../src/seed/stock-builder.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { apiPort, makeCodes, products, type Product } from './inventory-fixtures.ts';

/**
 * Issue 32, decision 0077: the home dashboard. Stock is received in RDC (packs expiring within 30 days
 * and later), a pack quarantined, one OBD left open with a pack picked and one left untouched, and a
 * receipt made in LDC. After each step every figure is the report it links to, asked with the link's
 * filters, and open documents are what the document lists count as Open and In Progress; at the end each
 * figure has moved by exactly what was done, and the other area's stock and scans never count.
 */
type Headers = Record<string, string>;
type Figures = Omit<DashboardReport, 'filters'>;

const DAY_MS = 86_400_000;

describe.each(DATABASES)('the dashboard on %s', (kind) => {
  let t: TestApp;
  let admin: Headers;
  let rdc: Headers;
  let ldc: Headers;
  let soon: Product;
  let later: Product;
  const today = isoToday();
  let before: { RDC: Figures; LDC: Figures };

  const get = async <T>(url: string, headers: Headers): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const dashboard = (area: 'RDC' | 'LDC', headers: Headers, extra = '') =>
    get<DashboardReport>(`/api/reports/dashboard?area=${area}${extra}`, headers);
  const figures = ({ filters: _, ...rest }: DashboardReport): Figures => rest;

  /** The documents the area's lists show as Open or In Progress, family by family (the lite lists in LDC). */
  const openByLists = async (area: 'RDC' | 'LDC'): Promise<number> => {
    const open = 'status=Open&status=In%20Progress';
    const lists = FAMILIES.filter((f) => !f.aggregates && f.areas.includes(area)).map((f) => `${f.api.list}?area=${area}&${open}`);
    if (area === 'LDC') lists.push(...LITE_FAMILIES.map((l) => `${l.api.list}?${open}`));
    let total = 0;
    for (const url of lists) total += (await get<z.infer<typeof ListResponse>>(url, admin)).total;
    return total;
  };

  /** Each figure is the report its link opens, asked with the link's filters. */
  const agreesWithReports = async (area: 'RDC' | 'LDC', headers: Headers): Promise<Figures> => {
    const seen = await dashboard(area, headers);
    expect(seen.filters).toEqual({
      area,
      warehouseNos: expect.any(Array),
      materialNo: null,
      batchNo: null,
      from: today,
      to: today,
      asOf: today,
    });
    const expiry = await get<ExpiryReport>(`/api/reports/expiry?area=${area}&asOf=${today}`, headers);
    const stock = await get<StockReport>(`/api/reports/stock?area=${area}`, headers);
    const productivity = await get<ProductivityReport>(`/api/reports/productivity?area=${area}&from=${today}&to=${today}`, headers);
    expect(figures(seen)).toEqual({
      expiringWithin30Days: expiry.buckets.find((b) => b.bucket === '0-30')!.packs,
      quarantinedPacks: stock.lines.filter((l) => l.status === 'QUARANTINE').reduce((n, l) => n + l.packs, 0),
      openDocuments: await openByLists(area),
      scansToday: productivity.users.reduce((n, u) => n + u.accepted, 0),
    });
    return figures(seen);
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    const [a, b] = await products(t);
    soon = { ...a!, batch: 'D32SOON', expiry: new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10) };
    later = { ...b!, batch: 'D32LATE', expiry: '2029-06-30' };
    before = { RDC: await agreesWithReports('RDC', rdc), LDC: await agreesWithReports('LDC', ldc) };
  });
  afterAll(() => t?.close());

  it('moves each figure by what was done, and each is the report it links to', async () => {
    const codes = makeCodes(3290);
    const carton = codes.carton(3, soon);
    const soonPacks = codes.packs(2, soon);
    const laterPacks = codes.packs(2, later);
    const regional = apiPort(t.app, admin, 'RDC');
    const all = [soon, later];

    // Received: 5 packs expiring within 30 days, 2 later; 5 scans (the carton is one).
    await receiveIbd(regional, '1700003290', { cartons: [carton], packs: [...soonPacks, ...laterPacks] }, all);
    const received = await agreesWithReports('RDC', rdc);
    expect(received).toEqual({
      ...before.RDC,
      expiringWithin30Days: before.RDC.expiringWithin30Days + 5,
      scansToday: before.RDC.scansToday + 5,
    });

    // Quarantined: still in stock, so still expiring; one more in quarantine.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/itemStatus?area=RDC',
      headers: rdc,
      payload: { code: packScan(laterPacks[0]!), unit: 'EA', status: 'QUARANTINE' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const quarantined = await agreesWithReports('RDC', rdc);
    expect(quarantined).toEqual({ ...received, quarantinedPacks: received.quarantinedPacks + 1 });

    // Two OBDs left open: one untouched (Open), one with a pack picked (In Progress, one scan); a picked pack is still in stock.
    await putDocumentFor(regional, 'OBD', '8100003290', [laterPacks[1]!], all);
    await putDocumentFor(regional, 'OBD', '8100003291', [soonPacks[0]!], all);
    await scanUnits(regional, 'OBD', '8100003291', [soonPacks[0]!]);
    const open = await agreesWithReports('RDC', rdc);
    expect(open).toEqual({ ...quarantined, openDocuments: quarantined.openDocuments + 2, scansToday: quarantined.scansToday + 1 });

    // The LDC receives 2 packs expiring soon: counted there, never in RDC.
    const local = codes.packs(2, soon);
    await receiveIbd(apiPort(t.app, admin, 'LDC'), '1700003292', { packs: local }, all, { warehouseNo: 'W3010' });
    expect(await agreesWithReports('RDC', rdc)).toEqual(open);
    expect(await agreesWithReports('LDC', ldc)).toEqual({
      ...before.LDC,
      expiringWithin30Days: before.LDC.expiringWithin30Days + 2,
      scansToday: before.LDC.scansToday + 2,
    });
  });

  it('reads one warehouse when asked, and refuses a CSV (it has no lines)', async () => {
    const w2010 = await dashboard('RDC', rdc, '&warehouseNo=W2010');
    expect(w2010.filters.warehouseNos).toEqual(['W2010']);
    const expiry = await get<ExpiryReport>(`/api/reports/expiry?area=RDC&warehouseNo=W2010&asOf=${today}`, rdc);
    expect(w2010.expiringWithin30Days).toBe(expiry.buckets.find((b) => b.bucket === '0-30')!.packs);

    expect((await t.app.inject({ method: 'GET', url: '/api/reports/dashboard?area=RDC&format=csv', headers: rdc })).statusCode).toBe(400);
  });

  it('counts a material, a batch or a period asked for as nothing: the dashboard is of the whole floor, today', async () => {
    const asked = await dashboard('RDC', rdc, `&materialNo=${soon.materialNo}&batchNo=${soon.batch}&from=2020-01-01&to=2020-01-02`);
    expect(asked).toEqual(await dashboard('RDC', rdc));
  });
});
