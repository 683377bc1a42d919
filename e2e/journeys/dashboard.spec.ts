import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { fullModuleGrant } from '../../packages/domain/src/permissions.ts';
import type { DiscrepanciesReport, ExpiryReport, ProductivityReport, StockReport } from '../../packages/domain/src/contract/reports.ts';
import { CodeMaker, type Shipment } from '../../apps/server/src/seed/epcis-builder.ts';
import { putDocumentFor, scanAndComplete, stageIbd, unitsOf } from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort, demoProducts, packCode } from '../support/stage-ibd.ts';
import { login, PASSWORD, uniqueEmail } from './support.ts';

/**
 * The home dashboard (issue 32, decision 0077), in each area: an operator with module REPORTS sees four
 * figures above the tiles, each the number its report shows (asked through the API with the link's
 * filters), and each a link that opens the Reports page on that report with those filters; a failed
 * request leaves quiet dashes and working links; a user without REPORTS sees no dashboard and asks for
 * none. At 360 px and 1280 px nothing is wider than the window. Each area's stock is the journey's own:
 * packs expiring in ten days received, one quarantined, an OBD left open.
 */
const STAMP = String(Date.now()).slice(-8);
// Extension digit 0 with a seed of its own: SSCCs and serials apart from the other journeys'.
const codes = new CodeMaker(Number(STAMP.slice(-6)) + 737_373, '0');
const TODAY = new Date().toISOString().slice(0, 10);
const SOON = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

interface Setup {
  area: 'rdc' | 'ldc';
  user: string;
  warehouseNo: string;
  ibd: string;
  obd: string;
  /** A user of the area with one module, not REPORTS. */
  noReports?: string;
}

const AREAS: Setup[] = [
  { area: 'rdc', user: 'rdc@demo.local', warehouseNo: 'W2010', ibd: `57${STAMP}`, obd: `87${STAMP}` },
  { area: 'ldc', user: 'ldc@demo.local', warehouseNo: 'W3010', ibd: `58${STAMP}`, obd: `88${STAMP}` },
];

test.beforeAll(async () => {
  const api = await adminApi();
  for (const [i, setup] of AREAS.entries()) {
    const AREA = setup.area === 'rdc' ? 'RDC' : 'LDC';
    const port = apiPort(api, AREA);
    const products = (await demoProducts(api, `DB${STAMP.slice(-5)}${i}`)).map((p) => ({ ...p, expiry: SOON }));
    // Not the first material: its oldest stock in W2010 is what rdc-dispatch.spec.ts's first-expiry advice names,
    // and packs expiring in ten days would be older than it (the journeys share one database).
    const product = products[1]!;
    const packs = codes.packs(4, product);
    const shipment: Shipment = { packs };
    await stageIbd(port, setup.ibd, shipment, products, { warehouseNo: setup.warehouseNo });
    await scanAndComplete(port, 'IBD', setup.ibd, unitsOf(shipment));
    const quarantine = await api.post(`/api/itemStatus?area=${AREA}`, {
      data: { code: packCode(packs[0]!), unit: 'EA', status: 'QUARANTINE' },
    });
    expect(quarantine.status(), await quarantine.text()).toBe(200);
    await putDocumentFor(port, 'OBD', setup.obd, [packs[1]!], products, { warehouseNo: setup.warehouseNo });

    const role = await api.post('/api/admin/roles', {
      data: {
        name: `Dashboard no reports ${setup.area} ${STAMP}`,
        areas: [AREA],
        applications: [{ application: AREA, modules: [fullModuleGrant('RECEIVE')] }],
        rights: [],
      },
    });
    expect(role.status(), await role.text()).toBe(201);
    const email = uniqueEmail(`no-reports-${setup.area}`);
    const user = await api.post('/api/admin/users', {
      data: { email, firstName: 'Rhea', lastName: 'Receiver', password: PASSWORD, roleIds: [((await role.json()) as { id: string }).id] },
    });
    expect(user.status(), await user.text()).toBe(201);
    setup.noReports = email;
  }
  await api.dispose();
});

/** The figures as the reports themselves give them, asked with the links' filters, as the signed-in user. */
async function reportFigures(page: Page, area: 'RDC' | 'LDC') {
  const get = async <T>(path: string): Promise<T> => {
    const res = await page.request.get(`${path}&area=${area}`);
    expect(res.status(), path).toBe(200);
    return (await res.json()) as T;
  };
  const expiry = await get<ExpiryReport>(`/api/reports/expiry?asOf=${TODAY}`);
  const stock = await get<StockReport>('/api/reports/stock?format=json');
  const productivity = await get<ProductivityReport>(`/api/reports/productivity?from=${TODAY}&to=${TODAY}`);
  return {
    expiring: expiry.buckets.find((b) => b.bucket === '0-30')!.packs,
    quarantined: stock.lines.filter((l) => l.status === 'QUARANTINE').reduce((n, l) => n + l.packs, 0),
    scansToday: productivity.users.reduce((n, u) => n + u.accepted, 0),
  };
}

/** The number a figure shows. */
async function shown(page: Page, name: RegExp): Promise<string> {
  return (await page.getByRole('region', { name: 'Today' }).getByRole('link', { name }).locator('[data-value]').textContent()) ?? '';
}

/** At 360 px and 1280 px the home is no wider than the window, and the four figures fit; at a desk they share one row. */
async function look(page: Page, info: TestInfo, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 640 : 800 });
    const figures = page.getByRole('region', { name: 'Today' }).getByRole('link');
    await expect(figures).toHaveCount(4);
    const { scrollWidth, clientWidth, boxes } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      boxes: [...document.querySelectorAll('[data-figure]')].map((e) => {
        const r = e.getBoundingClientRect();
        return { top: Math.round(r.top), right: r.right, overflows: e.scrollWidth > e.clientWidth + 1 };
      }),
    }));
    expect(scrollWidth, `${name} at ${width} px`).toBeLessThanOrEqual(clientWidth);
    for (const box of boxes) expect(box.right <= clientWidth && !box.overflows, `${name} at ${width} px`).toBe(true);
    // Two columns on a handheld, one row of four at a desk.
    expect(new Set(boxes.map((b) => b.top)).size, `${name}'s rows at ${width} px`).toBe(width === 360 ? 2 : 1);
    await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 360, height: 640 });
}

for (const setup of AREAS) {
  const AREA = setup.area === 'rdc' ? 'RDC' : 'LDC';
  const home = `/${setup.area}`;

  test(`${AREA}: the four figures are their reports' and each opens its report with its filters`, async ({ page }, info) => {
    await login(page, setup.area, setup.user);
    await expect(page).toHaveURL(new RegExp(`${home}$`));
    const dashboard = page.getByRole('region', { name: 'Today' });
    await expect(dashboard.getByRole('link', { name: /expiring within 30 days/ }).locator('[data-value]')).toBeVisible();
    // The tiles are still there, under the figures.
    await expect(page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Reports', exact: true })).toBeVisible();

    const expected = await reportFigures(page, AREA);
    expect(expected.expiring).toBeGreaterThanOrEqual(4);
    expect(expected.quarantined).toBeGreaterThanOrEqual(1);
    expect(expected.scansToday).toBeGreaterThanOrEqual(4);
    expect(await shown(page, /expiring within 30 days/)).toBe(expected.expiring.toLocaleString('en'));
    expect(await shown(page, /in quarantine/)).toBe(expected.quarantined.toLocaleString('en'));
    expect(await shown(page, /scans? today/)).toBe(expected.scansToday.toLocaleString('en'));
    // Open documents: at least this journey's OBD, never a dash.
    expect(Number(await shown(page, /open documents?/))).toBeGreaterThanOrEqual(1);
    await look(page, info, `${setup.area}-dashboard`);

    const form = page.getByRole('form', { name: 'Filters' });
    const open = async (name: RegExp, report: string, tab: string, query: string) => {
      await dashboard.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${home}/reports\\?report=${report}${query.replace(/[?&]/g, '\\$&')}$`));
      await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
    };

    await open(/expiring within 30 days/, 'expiry', 'Expiry', `&asOf=${TODAY}`);
    await expect(form.getByLabel('As of', { exact: true })).toHaveValue(TODAY);
    await page.goBack();
    await open(/in quarantine/, 'stock', 'Stock', '');
    // The stock report's QUARANTINE lines are where the figure is read from.
    await expect(page.getByRole('cell', { name: 'QUARANTINE', exact: true }).first()).toBeVisible();
    await page.goBack();
    await open(/open documents?/, 'discrepancies', 'Discrepancies', `&from=${TODAY}&to=${TODAY}`);
    await expect(form.getByLabel('From', { exact: true })).toHaveValue(TODAY);
    await expect(form.getByLabel('To', { exact: true })).toHaveValue(TODAY);
    // The day's discrepancies as the API gives them: the page asked for the same.
    const res = await page.request.get(`/api/reports/discrepancies?from=${TODAY}&to=${TODAY}&area=${AREA}`);
    expect(((await res.json()) as DiscrepanciesReport).filters).toMatchObject({ from: TODAY, to: TODAY });
    await page.goBack();
    await open(/scans? today/, 'productivity', 'Productivity', `&from=${TODAY}&to=${TODAY}`);
    await expect(form.getByLabel('From', { exact: true })).toHaveValue(TODAY);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${home}$`));
  });

  test(`${AREA}: a failed request leaves quiet dashes and links that still open their reports`, async ({ page }) => {
    await page.route('**/api/reports/dashboard**', (route) => route.fulfill({ status: 500, body: '{"code":"X","message":"down"}' }));
    await login(page, setup.area, setup.user);
    const dashboard = page.getByRole('region', { name: 'Today' });
    await expect(dashboard.getByRole('link', { name: /expiring within 30 days/ }).locator('[data-value]')).toHaveText('–');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await dashboard.getByRole('link', { name: /scans today/ }).click();
    await expect(page).toHaveURL(new RegExp(`${home}/reports\\?report=productivity&from=${TODAY}&to=${TODAY}$`));
  });

  test(`${AREA}: a user without REPORTS sees no dashboard and asks for none`, async ({ page }, info) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/reports/')) asked.push(r.url());
    });
    await login(page, setup.area, setup.noReports!);
    await expect(page).toHaveURL(new RegExp(`${home}$`));
    await expect(page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Receive', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Today' })).toHaveCount(0);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 700 });
      await expect(page.getByRole('region', { name: 'Today' })).toHaveCount(0);
      await page.screenshot({ path: info.outputPath(`${setup.area}-no-reports-${width}.png`), animations: 'disabled' });
    }
    expect(asked).toEqual([]);
  });
}
