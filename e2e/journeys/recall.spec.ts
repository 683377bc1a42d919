import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { WHEREABOUTS_CSV_HEADER } from '../../packages/domain/src/contract/batches.ts';
import { CodeMaker, type PackSpec, type PalletSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import {
  DOC_DATE,
  linesFor,
  packsOf,
  putDocumentFor,
  receiveIbd,
  scanAndComplete,
  scanUnits,
  type Product,
} from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort, demoProducts, packCode } from '../support/stage-ibd.ts';
import { login, look, openMenu, sendScan } from './support.ts';

/**
 * Recall and hold (issue 30, decision 0074), as a supervisor of each area does it on a handheld and at a
 * desk: the Recall tile; a pack of the batch scanned (typed as a scanner types it) finds the batch; its
 * status, packs in stock, per warehouse (a pallet of two cartons and loose packs), on an open dispatch
 * document and shipped; 'Put on hold' asks for a reason first; the pallet's page then says it holds a
 * held batch; a scan of another pack of it on the dispatch document (RDC: an OBD, LDC: an STO) is refused
 * naming the batch; back on Recall (the batch typed this time) 'Release' puts it back. Each area's batch and
 * documents are the journey's own, built by code, so no other journey sees them; the batch ends released.
 */
const STAMP = String(Date.now()).slice(-8);
const GS = '\x1d';
// Extension digit 2 with a seed of its own: SSCCs and serials apart from the other journeys'.
const codes = new CodeMaker(Number(STAMP.slice(-6)) + 505_050, '2');

interface Setup {
  area: 'rdc' | 'ldc';
  user: string;
  warehouseNo: string;
  ibd: string;
  /** The open document that a pack of the batch is on, and whose next scan is refused. */
  open: { type: 'OBD' | 'STO'; number: string; label: string; scanPath: string };
  /** The completed dispatch that shipped a pack. */
  shipped: string;
  product?: Product;
  pallet?: PalletSpec;
  loose?: PackSpec[];
}

const AREAS: Setup[] = [
  {
    area: 'rdc',
    user: 'rdc@demo.local',
    warehouseNo: 'W2010',
    ibd: `13${STAMP}`,
    open: { type: 'OBD', number: `84${STAMP}`, label: `OBD No. 84${STAMP}`, scanPath: `/rdc/scanPallet/84${STAMP}?p=OBD` },
    shipped: `85${STAMP}`,
  },
  {
    area: 'ldc',
    user: 'ldc@demo.local',
    warehouseNo: 'W3010',
    ibd: `14${STAMP}`,
    open: { type: 'STO', number: `36${STAMP}`, label: `STO No. 36${STAMP}`, scanPath: `/ldc/ScanOperation/36${STAMP}?p=STO` },
    shipped: `86${STAMP}`,
  },
];

test.beforeAll(async () => {
  const api = await adminApi();
  for (const [i, setup] of AREAS.entries()) {
    const port = apiPort(api, setup.area === 'rdc' ? 'RDC' : 'LDC');
    const products = await demoProducts(api, `RC${STAMP.slice(-5)}${i}`);
    const product = products[0]!;
    const at = { warehouseNo: setup.warehouseNo };
    // In stock: a pallet of 2 cartons of 2 packs, and 4 loose packs of the batch.
    const pallet = codes.pallet(2, 2, product);
    const loose = codes.packs(4, product);
    await receiveIbd(port, setup.ibd, { pallets: [pallet], packs: loose }, products, at);
    // Shipped: one pack on a completed dispatch. On the open document: one pack scanned, two more expected.
    await putDocumentFor(port, 'OBD', setup.shipped, [loose[0]!], products, at);
    await scanAndComplete(port, 'OBD', setup.shipped, [loose[0]!]);
    const lines = linesFor(packsOf([loose[1]!, loose[2]!, loose[3]!]), products);
    if (setup.open.type === 'STO') {
      const other = setup.warehouseNo === 'W3010' ? 'W2010' : 'W3010';
      await port.putDocument('STO', setup.open.number, { ...at, date: DOC_DATE, lines, destination: { warehouseNo: other } });
    } else {
      await port.putDocument('OBD', setup.open.number, { ...at, date: DOC_DATE, lines });
    }
    await scanUnits(port, setup.open.type, setup.open.number, [loose[1]!]);
    Object.assign(setup, { product, pallet, loose });
  }
  await api.dispose();
});

// Whatever happened, each batch ends released: no journey after this one meets it held.
test.afterAll(async () => {
  const api = await adminApi();
  for (const setup of AREAS) {
    if (!setup.product) continue;
    const path = `/api/batches/${encodeURIComponent(setup.product.materialNo)}/${encodeURIComponent(setup.product.batch)}/status`;
    await api.put(path, { data: { status: 'RELEASED', reason: 'Journey over: released' } });
  }
  await api.dispose();
});

/** A scan into the named field, focused: the whole code at once, then Enter (support.ts `sendScan`). */
async function scanInto(page: Page, field: string, raw: string) {
  await expect(page.getByRole('textbox', { name: field })).toBeFocused();
  await sendScan(page, raw);
}

/** The batch's status change: the button, the question, a reason too short, then a good one; the server's answer. */
async function change(page: Page, button: string, title: string, reason: string, answer: string) {
  await page.getByRole('group', { name: 'Change the status' }).getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toContainText('(at least 5 characters)');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('batch-status-set')).toHaveText(answer);
}

const figure = (page: Page, scope: string, label: string) =>
  page.getByRole('region', { name: scope }).getByRole('group', { name: label, exact: true }).getByTestId('figure-value');

for (const setup of AREAS) {
  test(`${setup.area.toUpperCase()}: a scanned pack finds its batch, held it stops a dispatch scan, released it moves again`, async ({
    page,
  }, testInfo) => {
    const product = setup.product!;
    const loose = setup.loose!;
    const pallet = setup.pallet!;
    const batch = `Batch ${product.batch}`;
    await login(page, setup.area, setup.user);
    await expect(page).toHaveURL(new RegExp(`/${setup.area}$`));
    await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Recall', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Recall' })).toBeVisible();

    // A pack's DataMatrix, as the scanner types it (symbology identifier, real group separator), then Enter.
    await scanInto(page, 'Pack code', `]d2${packCode(loose[2]!, GS)}`);
    await expect(page).toHaveURL(/materialNo=.*batchNo=/);
    const card = page.getByRole('region', { name: batch });
    await expect(card).toContainText(`Material ${product.materialNo}`);
    await expect(card.getByRole('group', { name: 'Status', exact: true })).toHaveText('Released');
    await expect(card.getByRole('group', { name: 'Last change' })).toContainText('Never put on hold or recalled.');
    // 8 packs: 7 in stock (the pallet's 4, 3 loose, one of them on the open document), 1 shipped.
    await expect(figure(page, 'Packs of the batch', 'In stock')).toHaveText('7');
    await expect(figure(page, 'Packs of the batch', 'Dispatched')).toHaveText('1');
    const warehouse = page.getByRole('article', { name: `Warehouse ${setup.warehouseNo}` });
    await expect(warehouse.getByRole('group', { name: 'Packs', exact: true })).toContainText('7');
    await expect(warehouse.getByRole('group', { name: 'Loose packs', exact: true })).toContainText('3');
    await expect(warehouse.getByRole('group', { name: 'Pallets', exact: true })).toContainText(`Pallets (1)${pallet.sscc}`);
    await expect(warehouse.getByRole('group', { name: 'Cartons', exact: true })).toContainText('Cartons (2)');
    await expect(page.getByRole('region', { name: 'On open documents' })).toContainText(`${setup.open.label}1 pack`);
    await expect(page.getByRole('region', { name: 'Shipped to' })).toContainText(`OBD No. ${setup.shipped} · 1 pack on`);
    await expect(card.getByRole('button', { name: 'Release', exact: true })).toHaveCount(0);

    await change(
      page,
      'Put on hold',
      `Put batch ${product.batch} on hold?`,
      'Quality deviation QD-17',
      `Batch ${product.batch} of material ${product.materialNo} is now on hold: 11 units in 1 warehouse.`,
    );
    await expect(card.getByRole('group', { name: 'Status', exact: true })).toHaveText('On hold');
    await expect(card.getByRole('group', { name: 'Last change' })).toContainText('Quality deviation QD-17');
    await expect(card.getByRole('button', { name: 'Put on hold', exact: true })).toHaveCount(0);
    await expect(figure(page, 'Packs of the batch', 'In stock')).toHaveText('7');
    await look(page, testInfo, `recall-${setup.area}-on-hold`);

    // The CSV: a header row, then a row per unit (8 packs, the pallet and its 2 cartons), each named.
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`batch-${product.materialNo}-${product.batch}.csv`);
    const csv = readFileSync(await download.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv[0]).toBe(WHEREABOUTS_CSV_HEADER.join(','));
    expect(csv).toHaveLength(1 + 11);
    for (const id of [pallet.sscc, ...pallet.cartons.map((c) => c.sscc), ...loose.map((p) => p.serial)]) {
      expect(csv.filter((row) => row.includes(id)).length, id).toBeGreaterThan(0);
    }
    await expect(card.getByRole('status').filter({ hasText: 'CSV downloaded' })).toBeVisible();

    // The pallet's page says it holds a held batch.
    await warehouse.getByRole('link', { name: pallet.sscc }).click();
    await expect(page.getByTestId('held-batch')).toContainText(
      `Batch ${product.batch} of material ${product.materialNo} is on hold.Packs of it are inside`,
    );
    await expect(page.getByTestId('held-batch').getByRole('link', { name: `See batch ${product.batch}` })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`held-pallet-${setup.area}-360.png`), fullPage: true, animations: 'disabled' });

    // Another pack of the batch, scanned on the open dispatch document: refused, naming the batch.
    await page.goto(setup.open.scanPath);
    await page
      .locator('label')
      .filter({ hasText: /^Pack$/ })
      .click();
    await scanInto(page, 'Scan Pack', `]d2${packCode(loose[3]!, GS)}`);
    await expect(page.locator('[data-outcome="refused"]')).toContainText(
      `Batch ${product.batch} of material ${product.materialNo} is on hold: this item cannot be scanned here.`,
    );

    // Back on Recall through the menu at a desk's width, the batch typed: released.
    await page.setViewportSize({ width: 1280, height: 800 });
    await openMenu(page);
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Recall', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Recall' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Material No.' }).fill(product.materialNo);
    await page.getByRole('textbox', { name: 'Batch No.' }).fill(product.batch);
    await page.getByRole('button', { name: 'Show batch' }).click();
    await expect(card.getByRole('group', { name: 'Status', exact: true })).toHaveText('On hold');
    await change(
      page,
      'Release',
      `Release batch ${product.batch}?`,
      'Deviation closed, batch fit',
      `Batch ${product.batch} of material ${product.materialNo} is now released: 11 units in 1 warehouse.`,
    );
    await expect(card.getByRole('group', { name: 'Status', exact: true })).toHaveText('Released');
    await expect(card.getByRole('group', { name: 'Last change' })).toContainText('Deviation closed, batch fit');
  });
}
