import { readFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  DISCREPANCIES_CSV_HEADER,
  EXPIRY_CSV_HEADER,
  LEDGER_CSV_HEADER,
  PRODUCTIVITY_CSV_HEADER,
  STOCK_CSV_HEADER,
} from '../../packages/domain/src/contract/reports.ts';
import { CodeMaker, type Shipment } from '../../apps/server/src/seed/epcis-builder.ts';
import { scanAndComplete, stageIbd, unitsOf, type Product } from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort, demoProducts } from '../support/stage-ibd.ts';
import { login, openMenu } from './support.ts';

/**
 * The reports (issue 32, decision 0077), as a supervisor of each area reads them on a handheld and at a
 * desk: the Reports tile; each report's tab; a filter changed and the table with it (the batch, the
 * as-of date, the period); the charts above the tables (expiry's buckets, the ledger's days, the scans
 * per hour), each named and drawn within the window; the CSV with the contract's header row; Back to the
 * previous filters; the server's words for a warehouse of the other area and a reversed period; the
 * menu entry. Each area's
 * stock is the journey's own, built by code: an IBD of 8 packs of a batch of its own received short by
 * one (a pallet of 2 cartons of 2 packs and 3 loose packs, expiring 2028-06-30), so the figures are known.
 */
const STAMP = String(Date.now()).slice(-8);
// Extension digit 0 with a seed of its own: SSCCs and serials apart from the other journeys'.
const codes = new CodeMaker(Number(STAMP.slice(-6)) + 838_383, '0');
const dayBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const TODAY = dayBefore(0);
const WEEK_AGO = dayBefore(6);
const YESTERDAY = dayBefore(1);
const CHART = {
  expiry: 'Chart: packs by days left until expiry',
  ledger: (from: string, to: string) => `Chart: packs in stock at the end of each day, ${from} to ${to}`,
  productivity: 'Chart: scans accepted and refused per hour (UTC)',
};

interface Setup {
  area: 'rdc' | 'ldc';
  user: string;
  warehouseNo: string;
  /** A warehouse of the other area: this area's reports call it unknown. */
  otherWarehouseNo: string;
  ibd: string;
  product?: Product;
}

const AREAS: Setup[] = [
  { area: 'rdc', user: 'rdc@demo.local', warehouseNo: 'W2010', otherWarehouseNo: 'W3010', ibd: `67${STAMP}` },
  { area: 'ldc', user: 'ldc@demo.local', warehouseNo: 'W3010', otherWarehouseNo: 'W2010', ibd: `68${STAMP}` },
];

test.beforeAll(async () => {
  const api = await adminApi();
  for (const [i, setup] of AREAS.entries()) {
    const port = apiPort(api, setup.area === 'rdc' ? 'RDC' : 'LDC');
    const products = await demoProducts(api, `RP${STAMP.slice(-5)}${i}`);
    const product = products[0]!;
    const shipment: Shipment = { pallets: [codes.pallet(2, 2, product)], packs: codes.packs(3, product) };
    // The IBD expects one pack more than arrives: completed, its line is short by one.
    await stageIbd(port, setup.ibd, shipment, products, { warehouseNo: setup.warehouseNo, extra: 1 });
    await scanAndComplete(port, 'IBD', setup.ibd, unitsOf(shipment));
    setup.product = product;
  }
  await api.dispose();
});

/**
 * The charts on the page: each an image by its name, and drawn: a canvas as wide as its box (redrawn at
 * the window's width), within the window, with painted pixels.
 */
async function charts(page: Page) {
  return page.getByTestId('report-chart').evaluateAll((boxes) =>
    boxes.map((box) => {
      const canvas = box.querySelector('canvas');
      const rect = box.getBoundingClientRect();
      let painted = 0;
      if (canvas && canvas.width > 0 && canvas.height > 0) {
        const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) painted += 1;
      }
      return {
        role: box.getAttribute('role'),
        name: box.getAttribute('aria-label'),
        fits: rect.width > 0 && rect.height > 0 && rect.right <= document.documentElement.clientWidth,
        sized: canvas !== null && Math.abs(canvas.getBoundingClientRect().width - rect.width) <= 2 && canvas.height > 0,
        painted: painted > 0,
      };
    }),
  );
}

/**
 * At 360 px and 1280 px: nothing wider than the window (a wide table scrolls in its own box), no button
 * cut short, the charts named (`chartNames`) and drawn; a screenshot of each kept.
 */
async function look(page: Page, info: TestInfo, name: string, chartNames: string[] = []) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 640 : 800 });
    const { scrollWidth, clientWidth, clipped } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      clipped: [...document.querySelectorAll('button, [role="tab"], label')]
        .filter((e) => e.scrollWidth > e.clientWidth + 1)
        .map((e) => e.textContent),
    }));
    expect(scrollWidth, `${name} at ${width} px`).toBeLessThanOrEqual(clientWidth);
    expect(clipped, `${name} at ${width} px`).toEqual([]);
    const drawn = chartNames.map((chart) => ({ role: 'img', name: chart, fits: true, sized: true, painted: true }));
    await expect.poll(() => charts(page), { message: `${name}'s charts at ${width} px` }).toEqual(drawn);
    // From the top: a full-page picture of a scrolled page draws the fixed header part way down.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 360, height: 640 });
}

/** Types into the filters and applies them. */
async function filter(page: Page, values: Record<string, string>) {
  const form = page.getByRole('form', { name: 'Filters' });
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: 'Apply' }).click();
}

/** 'Download CSV': the file the server names, its header row (the contract's) and its rows. */
async function downloadCsv(page: Page, header: readonly string[], file: string): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(file);
  const rows = readFileSync(await download.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(rows[0]).toBe(header.join(','));
  await expect(page.getByRole('status').filter({ hasText: `CSV downloaded (${file}).` })).toBeVisible();
  return rows.slice(1);
}

const cells = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table, exact: true })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

for (const setup of AREAS) {
  test(`${setup.area.toUpperCase()}: each report, filtered, as a table and a CSV, at a handheld's and a desk's width`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const product = setup.product!;
    const home = `/${setup.area}`;
    await login(page, setup.area, setup.user);
    await expect(page).toHaveURL(new RegExp(`${home}$`));
    await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Reports', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${home}/reports$`));

    // Expiry, the first tab: the batch's 7 packs, 2028-06-30; as of 10 days before, in the 0-30 bucket.
    await expect(page.getByRole('tab', { name: 'Expiry', selected: true })).toBeVisible();
    await filter(page, { 'Batch No.': product.batch });
    await expect(page).toHaveURL(new RegExp(`report=expiry&batchNo=${product.batch}$`));
    const expiry = cells(page, 'Lines');
    await expect(expiry).toHaveCount(1);
    await expect(expiry.first()).toContainText(`${setup.warehouseNo}${product.materialNo}${product.batch}2028-06-30`);
    await expect(expiry.first().getByRole('cell').last()).toHaveText('7');
    await filter(page, { 'As of': '2028-06-20' });
    await expect(page).toHaveURL(/asOf=2028-06-20/);
    await expect(expiry.first()).toContainText('2028-06-30100–30 days7');
    await expect(page.getByRole('group', { name: '0–30 days' }).getByTestId('bucket-packs')).toHaveText('7');
    await expect(page.getByRole('group', { name: 'Expired' }).getByTestId('bucket-packs')).toHaveText('0');
    await expect(page.getByTestId('report-applied')).toHaveText(
      `Warehouses: ${setup.warehouseNo} · Batch No. ${product.batch} · as of 2028-06-20`,
    );
    const expiryCsv = await downloadCsv(page, EXPIRY_CSV_HEADER, 'expiry-report.csv');
    expect(expiryCsv).toEqual([`${setup.warehouseNo},${product.materialNo},${product.batch},2028-06-30,10,0-30,7`]);
    await expect(page.getByRole('img', { name: CHART.expiry })).toBeVisible();
    await look(page, testInfo, `reports-${setup.area}-expiry`, [CHART.expiry]);
    // Back: the previous filters again (as of today, so more than 10 days left).
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`report=expiry&batchNo=${product.batch}$`));
    await expect(expiry.first()).not.toContainText('0–30 days');
    await expect(page.getByRole('form', { name: 'Filters' }).getByLabel('As of', { exact: true })).toHaveValue('');

    // Stock: the batch kept; its 7 packs active; then another batch: none.
    await page.getByRole('tab', { name: 'Stock' }).click();
    await expect(page).toHaveURL(new RegExp(`report=stock&batchNo=${product.batch}$`));
    await expect(page.getByRole('form', { name: 'Filters' }).getByLabel('As of')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Warehouse' }).selectOption(setup.warehouseNo);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`warehouseNo=${setup.warehouseNo}`));
    const stock = cells(page, 'Lines');
    await expect(stock).toHaveCount(1);
    await expect(stock.first()).toContainText(`${setup.warehouseNo}${product.materialNo}${product.batch}ACTIVE7`);
    await expect(page.getByTestId('stock-totals')).toContainText('Total7');
    const stockCsv = await downloadCsv(page, STOCK_CSV_HEADER, 'stock-report.csv');
    expect(stockCsv).toHaveLength(1);
    expect(stockCsv[0]).toMatch(new RegExp(`^${setup.warehouseNo},${product.materialNo},${product.batch},ACTIVE,7,`));
    await look(page, testInfo, `reports-${setup.area}-stock`);
    await filter(page, { 'Batch No.': `${product.batch}X` });
    await expect(page.getByTestId('report-empty')).toHaveText('No stock matches these filters.');

    // Ledger, over the last 7 days: the batch came in today, so none at the start, 7 received, 7 at the
    // end; its line over the days, then over today alone; a period before the receipt: nothing.
    await page.getByRole('tab', { name: 'Ledger' }).click();
    await expect(page).toHaveURL(/report=ledger&/);
    await filter(page, { 'Batch No.': product.batch, From: WEEK_AGO, To: TODAY });
    const ledger = cells(page, 'Lines');
    const ledgerLine = `${setup.warehouseNo}${product.materialNo}${product.batch}070000007`;
    await expect(ledger).toHaveText([ledgerLine]);
    await expect(page.getByTestId('report-applied')).toHaveText(
      `Warehouses: ${setup.warehouseNo} · Batch No. ${product.batch} · ${WEEK_AGO} to ${TODAY}`,
    );
    const week = page.getByRole('img', { name: CHART.ledger(WEEK_AGO, TODAY) });
    await expect(week).toBeVisible();
    const weekPicture = await week.screenshot();
    const ledgerCsv = await downloadCsv(page, LEDGER_CSV_HEADER, 'ledger-report.csv');
    expect(ledgerCsv).toEqual([`${setup.warehouseNo},${product.materialNo},${product.batch},0,7,0,0,0,0,0,0,7`]);
    await look(page, testInfo, `reports-${setup.area}-ledger`, [CHART.ledger(WEEK_AGO, TODAY)]);
    await filter(page, { From: TODAY });
    const today = page.getByRole('img', { name: CHART.ledger(TODAY, TODAY) });
    await expect(today).toBeVisible();
    await expect(week).toHaveCount(0);
    expect((await today.screenshot()).equals(weekPicture)).toBe(false);
    await expect(ledger).toHaveText([ledgerLine]);
    await filter(page, { From: WEEK_AGO, To: YESTERDAY });
    await expect(page.getByTestId('report-empty')).toHaveText('No stock or movement matches these filters.');
    await expect(page.getByTestId('report-chart')).toHaveCount(0);

    // Discrepancies of today: the IBD, its line short by one.
    await page.getByRole('tab', { name: 'Discrepancies' }).click();
    await filter(page, { 'Batch No.': product.batch, From: TODAY, To: TODAY });
    await expect(page).toHaveURL(
      new RegExp(`report=discrepancies&warehouseNo=${setup.warehouseNo}&batchNo=${product.batch}&from=${TODAY}&to=${TODAY}$`),
    );
    const ibd = page.getByRole('article', { name: `IBD No. ${setup.ibd}` });
    await expect(ibd).toContainText(`IBD No. ${setup.ibd} · ${setup.warehouseNo}`);
    await expect(ibd).toContainText('by admin@demo.local');
    await expect(cells(page, `IBD No. ${setup.ibd} Lines`)).toHaveText([`10${product.materialNo}${product.batch}87\u22121`]);
    const discrepanciesCsv = await downloadCsv(page, DISCREPANCIES_CSV_HEADER, 'discrepancies-report.csv');
    expect(discrepanciesCsv).toHaveLength(1);
    expect(discrepanciesCsv[0]).toMatch(
      new RegExp(
        `^IBD,${setup.ibd},${setup.warehouseNo},${TODAY}T[^,]+,admin@demo.local,10,${product.materialNo},${product.batch},8,7,-1$`,
      ),
    );
    await look(page, testInfo, `reports-${setup.area}-discrepancies`);
    // A period that starts after it ends: the server's words.
    await filter(page, { From: '2099-01-02', To: '2099-01-01' });
    await expect(page.getByRole('alert')).toHaveText(
      'The period ends on 2099-01-01, before it starts on 2099-01-02: choose a last day on or after the first.',
    );
    await filter(page, { To: '2099-01-31' });
    await expect(page.getByTestId('report-empty')).toHaveText('No completed document with a short or over line matches these filters.');

    // Productivity of today: the receipt's scans, by the admin who made them; the period kept from the tab before, set to today again.
    await page.getByRole('tab', { name: 'Productivity' }).click();
    await expect(page).toHaveURL(/report=productivity&.*from=2099-01-02&to=2099-01-31/);
    await expect(page.getByTestId('report-empty')).toHaveText('No scan matches these filters.');
    await filter(page, { From: TODAY, To: TODAY });
    await expect(cells(page, 'Scans per hour').filter({ hasText: 'admin@demo.local' }).filter({ hasText: 'IBD' }).first()).toBeVisible();
    await expect(cells(page, 'Per user').filter({ hasText: 'admin@demo.local' })).toHaveCount(1);
    const productivityCsv = await downloadCsv(page, PRODUCTIVITY_CSV_HEADER, 'productivity-report.csv');
    expect(productivityCsv.some((row) => row.startsWith(`admin@demo.local,${TODAY}T`) && row.includes(',IBD,'))).toBe(true);
    await expect(page.getByRole('img', { name: CHART.productivity })).toBeVisible();
    await look(page, testInfo, `reports-${setup.area}-productivity`, [CHART.productivity]);

    // A link naming a warehouse of the other area: the server's words, the warehouse still chosen.
    await page.goto(`${home}/reports?report=stock&warehouseNo=${setup.otherWarehouseNo}`);
    await expect(page.getByRole('alert')).toHaveText(`Warehouse ${setup.otherWarehouseNo} does not exist.`);
    await expect(page.getByRole('combobox', { name: 'Warehouse' })).toHaveValue(setup.otherWarehouseNo);

    // At a desk's width, from the menu: the first report, unfiltered.
    await page.setViewportSize({ width: 1280, height: 800 });
    await openMenu(page);
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Reports', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${home}/reports$`));
    await expect(page.getByRole('tab', { name: 'Expiry', selected: true })).toBeVisible();
    await expect(page.getByTestId('report-applied')).toContainText(`Warehouses: ${setup.warehouseNo} · as of ${TODAY}`);
  });
}
