import { expect, test, type Page } from '@playwright/test';
import { CodeMaker, type CartonSpec, type PackSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { putDocumentFor, receiveIbd, scanAndComplete } from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort, demoProducts, packCode } from '../support/stage-ibd.ts';
import { completeDocument, login, openCard, scanAs } from './support.ts';

/**
 * Regional return (RMA) and scrapping (DECOMM) on a handheld, through the same documents feature as
 * receiving and dispatch (decision 0015). The stock is received and dispatched through the API; an
 * operator then scans, as a scanner types it, a pack the rules refuse (its state named) and the
 * carton the document expects, and completes with the spec's message.
 */
const STAMP = String(Date.now()).slice(-8);
const IBD = `12${STAMP}`;
const OBD = `82${STAMP}`;
const RMA = `62${STAMP}`;
const DECOMM = `72${STAMP}`;
const GS = '\x1d';
// Extension digit 7: SSCCs and serials apart from the other journeys'.
const codes = new CodeMaker(Number(STAMP.slice(-6)), '7');
let returning: CartonSpec;
let kept: CartonSpec;
let loose: PackSpec[];

test.beforeAll(async () => {
  const api = await adminApi();
  const port = apiPort(api);
  const products = await demoProducts(api, `R${STAMP.slice(-5)}`);
  const product = products[1]!;
  returning = codes.carton(4, product);
  kept = codes.carton(3, product);
  loose = codes.packs(2, product);
  // Received, then the carton and one loose pack dispatched; the other loose pack stays in stock.
  await receiveIbd(port, IBD, { cartons: [returning, kept], packs: loose }, products);
  await putDocumentFor(port, 'OBD', OBD, [returning, loose[0]!], products);
  await scanAndComplete(port, 'OBD', OBD, [returning, loose[0]!]);
  await putDocumentFor(port, 'RMA', RMA, [returning], products);
  await putDocumentFor(port, 'DECOMM', DECOMM, [kept], products);
  await api.dispose();
});

async function openDocument(page: Page, tile: string, listTitle: string, placeholder: string, card: string, detailsTitle: string) {
  await login(page, 'rdc', 'rdc@demo.local');
  await expect(page).toHaveURL(/\/rdc$/);
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: tile, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: listTitle })).toBeVisible();
  await openCard(page, placeholder, card, detailsTitle);
}

test('an RDC operator takes a dispatched carton back on an RMA: a pack still in stock is refused, naming its status', async ({
  page,
}, testInfo) => {
  await openDocument(page, 'Return', 'Return', 'Search RMA No.', `RMA No. ${RMA}`, 'RMA Details');
  await expect(page.getByRole('main')).toContainText('Qty Returned');
  await page.getByRole('link', { name: 'Scan', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/rdc/scanPallet/${RMA}\\?p=RMA`));

  // A pack that never left the warehouse: a DataMatrix typed with its real group separator.
  await scanAs(page, 'Pack', `]d2${packCode(loose[1]!, GS)}`);
  await expect(page.locator('[data-outcome="refused"]')).toContainText(
    'Only dispatched items can be returned: this item is ACTIVE / WAREHOUSE RECEIVED.',
  );
  await scanAs(page, 'Carton', `]C100${returning.sscc}`);
  await expect(page.locator('[data-outcome="accepted"]')).toContainText(`Carton ${returning.sscc} accepted: 4 packs counted.`);
  await expect(page.getByRole('region', { name: 'Lines' }).getByTestId('line-progress')).toContainText('4 / 4');
  await page.screenshot({ path: testInfo.outputPath('return-scanned.png') });

  await completeDocument(page, 'RMA Details', 'Complete return?', 'Returns scans saved successfully!');
});

test('an RDC operator scraps a carton on a scrapping note: a dispatched pack is refused, the carton is destroyed', async ({ page }) => {
  await openDocument(page, 'Decomm', 'Scrapping Note List', 'Search SN No.', `SN No. ${DECOMM}`, 'Scrapping Details');
  await expect(page.getByRole('main')).toContainText('Qty Decomm');
  await page.getByRole('link', { name: 'Scan', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/rdc/scanPallet/${DECOMM}\\?p=DECOMM`));

  // The dispatched pack, typed with the textual group separator.
  await scanAs(page, 'Pack', packCode(loose[0]!, '<GS>'));
  await expect(page.locator('[data-outcome="refused"]')).toContainText('This item cannot be scrapped: it is TRANSIT / DISPATCHED.');
  await scanAs(page, 'Carton', `]C100${kept.sscc}`);
  await expect(page.locator('[data-outcome="accepted"]')).toContainText(`Carton ${kept.sscc} accepted: 3 packs counted.`);

  await completeDocument(page, 'Scrapping Details', 'Complete scrapping?', 'Decomm. scans saved successfully!');

  // Destroyed and locked: search shows its state and offers no status change.
  await page.goto(`/rdc/carton/${kept.sscc}`);
  await expect(page.getByRole('main')).toContainText('DESTROYED');
  await expect(page.getByRole('button', { name: 'Edit status' })).toHaveCount(0);
});
