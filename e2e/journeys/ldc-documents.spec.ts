import { expect, test, type Page } from '@playwright/test';
import { CodeMaker, type CartonSpec, type PackSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { scanLiteCode } from '../../apps/server/src/seed/demo-documents.ts';
import { DOC_DATE, linesFor, packsOf, putDocumentFor, receiveIbd, scanAndComplete } from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort, demoProducts, packCode } from '../support/stage-ibd.ts';
import type { Product } from '../../apps/server/src/seed/stock-builder.ts';
import { completeDocument, login, openCard, openMenu, scanAs, sendScan } from './support.ts';

/**
 * The local area's documents on the one documents feature (decisions 0015, 0018, 0024): dispatch
 * through /ldc/doList/OBD (titled OBD or WO by the list type switch), return, scrapping, transfer
 * and return to principal, each in the local warehouse W3010 with its calls in the local area. The
 * stock is received and partly dispatched through the API; an operator on a handheld then types, as a
 * scanner does, a pack the family refuses (its state named) and the carton the document expects, and
 * completes with the spec's message.
 */
const STAMP = String(Date.now()).slice(-8);
const IBD = `13${STAMP}`;
const SHIPPED = `83${STAMP}`;
const OBD = `84${STAMP}`;
const RMA = `63${STAMP}`;
const DECOMM = `73${STAMP}`;
const STO = `45${STAMP}`;
const RTP = `55${STAMP}`;
const LITE = `93${STAMP}`;
const W3010 = { warehouseNo: 'W3010' };
const GS = '\x1d';
// Extension digit 3: SSCCs and serials apart from the other journeys'.
const codes = new CodeMaker(Number(STAMP.slice(-6)), '3');
let dispatching: CartonSpec;
let returning: CartonSpec;
let scrapping: CartonSpec;
let transferring: CartonSpec;
let toPrincipal: CartonSpec;
/** loose[0] is dispatched (TRANSIT / DISPATCHED); loose[1] stays in stock (ACTIVE / WAREHOUSE RECEIVED). */
let loose: PackSpec[];
/** The counted (not serialised) material and batch of the ScanLite document. */
let counted: Product;

test.beforeAll(async () => {
  const api = await adminApi();
  const port = apiPort(api, 'LDC');
  const products = await demoProducts(api, `D${STAMP.slice(-5)}`);
  const product = products[1]!;
  dispatching = codes.carton(3, product);
  returning = codes.carton(4, product);
  scrapping = codes.carton(3, product);
  transferring = codes.carton(2, product);
  toPrincipal = codes.carton(2, product);
  loose = codes.packs(2, product);
  await receiveIbd(port, IBD, { cartons: [dispatching, returning, scrapping, transferring, toPrincipal], packs: loose }, products, W3010);
  // Shipped through the API: the carton the return takes back, and the pack every other family refuses.
  await putDocumentFor(port, 'OBD', SHIPPED, [returning, loose[0]!], products, W3010);
  await scanAndComplete(port, 'OBD', SHIPPED, [returning, loose[0]!]);
  await putDocumentFor(port, 'OBD', OBD, [dispatching], products, W3010);
  await putDocumentFor(port, 'RMA', RMA, [returning], products, W3010);
  await putDocumentFor(port, 'DECOMM', DECOMM, [scrapping], products, W3010);
  await port.putDocument('STO', STO, {
    ...W3010,
    date: DOC_DATE,
    lines: linesFor(packsOf([transferring]), products),
    destination: { warehouseNo: 'W2010' },
  });
  await putDocumentFor(port, 'RTP', RTP, [toPrincipal], products, W3010);
  // ScanLite (decision 0027): 2 packs of a batch that is counted, not serialised.
  counted = { ...products[2]!, batch: `SL${STAMP.slice(-6)}` };
  await port.putDocument('SCANLITE', LITE, {
    ...W3010,
    date: DOC_DATE,
    lines: [{ lineNo: 10, materialNo: counted.materialNo, batchNo: counted.batch, quantity: 2 }],
  });
  await api.dispose();
});

/** Signs in locally and opens a module's list from the home tiles. */
async function openList(page: Page, tile: string, listTitle: string) {
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: tile, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: listTitle })).toBeVisible();
}

/** Picks a segment of a segmented control by its label, as a finger does. */
async function pick(page: Page, label: string) {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();
}

test('a local operator dispatches an OBD through the document list, which reads as WO List when switched', async ({ page }, testInfo) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(obdList|obdNo|scanForOperation|completeDispatch|completeOperation)/.test(r.url())) calls.push(r.url());
  });
  await openList(page, 'Dispatch', 'OBD List');
  await expect(page).toHaveURL(/\/ldc\/doList\/OBD$/);
  await expect(page.getByRole('radio', { name: 'OBD List' })).toBeChecked();

  // The list type switch: the same outbound documents under the WO title, details too.
  await pick(page, 'WO List');
  await expect(page.getByRole('heading', { level: 1, name: 'WO List' })).toBeVisible();
  await openCard(page, 'Search OBD No.', `OBD No. ${OBD}`, 'WO Details');
  await expect(page).toHaveURL(new RegExp(`/ldc/doDetails/OBD\\?docNo=${OBD}$`));
  await page.getByRole('link', { name: 'Scan', exact: true }).click();
  await expect(page.getByRole('link', { name: 'WO Details' })).toBeVisible();

  // Dispatch in the menu resets the switch: OBD List again.
  await openMenu(page);
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Dispatch', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'OBD List' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'OBD List' })).toBeChecked();
  await openCard(page, 'Search OBD No.', `OBD No. ${OBD}`, 'OBD Details');
  await expect(page.getByRole('main')).toContainText('Qty Dispatched');

  await page.getByRole('link', { name: 'Scan', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/ldc/ScanOperation/${OBD}\\?p=OBD$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Code' })).toBeVisible();
  // The pack the API dispatched, as a DataMatrix with its real group separator.
  await scanAs(page, 'Pack', `]d2${packCode(loose[0]!, GS)}`);
  await expect(page.locator('[data-outcome="refused"]')).toContainText(
    'This item cannot be dispatched: it is TRANSIT / DISPATCHED, not in saleable stock.',
  );
  await scanAs(page, 'Carton', `]C100${dispatching.sscc}`);
  await expect(page.locator('[data-outcome="accepted"]')).toContainText(`Carton ${dispatching.sscc} accepted: 3 packs counted.`);
  await expect(page.getByRole('region', { name: 'Lines' }).getByTestId('line-progress')).toContainText('3 / 3');
  await page.screenshot({ path: testInfo.outputPath('ldc-dispatch-scanned.png') });

  await completeDocument(page, 'OBD Details', 'Complete dispatch?', 'GI scan saved successfully!');
  await expect(page).toHaveURL(new RegExp(`/ldc/doDetails/OBD\\?docNo=${OBD}$`));
  expect(calls.length).toBeGreaterThan(3);
  expect(calls.filter((url) => !url.includes('area=LDC'))).toEqual([]);
  // Details naming no document (no ?docNo=): not found.
  await page.goto('/ldc/doDetails/OBD');
  await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
});

test('a local operator counts a WO on ScanLite by material and batch: a serialised pack is refused, two counted packs complete it', async ({
  page,
}, testInfo) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(scanLite|scanForOperation|completeOperation)/.test(r.url())) calls.push(r.url());
  });
  await openList(page, 'ScanLite', 'OBD List');
  await expect(page).toHaveURL(/\/ldc\/doList\/SCANLITE$/);
  await pick(page, 'WO List');
  await expect(page.getByRole('heading', { level: 1, name: 'WO List' })).toBeVisible();
  await openCard(page, 'Search OBD No.', `OBD No. ${LITE}`, 'WO Details');
  await expect(page).toHaveURL(new RegExp(`/ldc/doDetails/SCANLITE\\?docNo=${LITE}$`));
  await page.getByRole('link', { name: 'Scan', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/ldc/scanLiteScanOperation/${LITE}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Item' })).toBeVisible();

  const field = page.getByRole('textbox', { name: 'Scan pack code (GTIN and batch)' });
  const type = async (raw: string) => {
    await field.click();
    await sendScan(page, raw);
  };
  // A serialised pack is traced on its OBD, never counted.
  await type(`]d2${packCode(loose[1]!, GS)}`);
  await expect(page.locator('[data-outcome="refused"]')).toContainText(
    `Pack ${loose[1]!.gtin}/${loose[1]!.serial} carries a serial number: serialised packs are dispatched one by one on their OBD, not counted on ScanLite.`,
  );
  const code = scanLiteCode(counted);
  await type(code);
  await expect(page.locator('[data-outcome="accepted"]')).toContainText(
    `Pack ${counted.gtin} batch ${counted.batch} accepted: 1 pack counted.`,
  );
  await type(code);
  await expect(page.getByRole('region', { name: 'Lines' }).getByTestId('line-progress')).toContainText('2 / 2');
  await page.screenshot({ path: testInfo.outputPath('ldc-scanlite-counted.png') });

  await completeDocument(page, 'WO Details', 'Complete dispatch?', 'GI scan saved successfully!');
  await expect(page).toHaveURL(new RegExp(`/ldc/doDetails/SCANLITE\\?docNo=${LITE}$`));
  expect(calls.length).toBeGreaterThan(3);
  expect(calls.filter((url) => !url.includes('area=LDC'))).toEqual([]);
});

test('a local operator takes a dispatched carton back on an RMA: a pack in stock is refused, the carton links to Item Details', async ({
  page,
}) => {
  await openList(page, 'Return', 'Return List');
  await openCard(page, 'Search RMA No.', `RMA No. ${RMA}`, 'RMA Details');
  await expect(page).toHaveURL(new RegExp(`/ldc/rmaDetails/${RMA}$`));
  await page.getByRole('link', { name: 'Scan', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/ldc/ScanOperation/${RMA}\\?p=RMA$`));

  await scanAs(page, 'Pack', packCode(loose[1]!, '<GS>'));
  await expect(page.locator('[data-outcome="refused"]')).toContainText(
    'Only dispatched items can be returned: this item is ACTIVE / WAREHOUSE RECEIVED.',
  );
  await scanAs(page, 'Carton', `00${returning.sscc}`);
  await expect(page.locator('[data-outcome="accepted"]')).toContainText(`Carton ${returning.sscc} accepted: 4 packs counted.`);

  // The scanned carton opens the local item page, not a regional one.
  await page.getByRole('region', { name: 'Scanned units' }).getByRole('link', { name: returning.sscc }).click();
  await expect(page).toHaveURL(new RegExp(`/ldc/itemDetails/${returning.sscc}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Item Details' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contents' }).getByRole('listitem')).toHaveCount(4);
  await page.getByRole('button', { name: 'Back' }).click();
  // The picked unit type stays in the URL (decision 0065).
  await expect(page).toHaveURL(new RegExp(`/ldc/ScanOperation/${RMA}\\?p=RMA&unit=CTN$`));

  await completeDocument(page, 'RMA Details', 'Complete return?', 'Returns scans saved successfully!');
});

test('a local operator scans a scrapping note number, is refused a dispatched pack and scraps the carton', async ({ page }) => {
  await openList(page, 'Decomm', 'Scrapping Note List');
  await page.getByRole('link', { name: 'Scan Scrapping Note' }).click();
  await expect(page).toHaveURL(/\/ldc\/ScanOperation\/new\?p=DECOMM$/);
  const number = page.getByRole('textbox', { name: 'SN No.' });
  await expect(number).toBeFocused();
  // The back action hides the scan view (spec point 2; a second Back leaves, decision 0065); its button shows it.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(number).toHaveCount(0);
  await page.getByRole('button', { name: 'Show scan field' }).click();
  await expect(number).toBeFocused();
  await sendScan(page, DECOMM);
  await expect(page).toHaveURL(new RegExp(`/ldc/ScanOperation/${DECOMM}\\?p=DECOMM$`));

  await scanAs(page, 'Pack', packCode(loose[0]!, '<GS>'));
  await expect(page.locator('[data-outcome="refused"]')).toContainText('This item cannot be scrapped: it is TRANSIT / DISPATCHED.');
  await scanAs(page, 'Carton', `]C100${scrapping.sscc}`);
  await expect(page.locator('[data-outcome="accepted"]')).toContainText(`Carton ${scrapping.sscc} accepted: 3 packs counted.`);

  await completeDocument(page, 'Scrapping Details', 'Complete scrapping?', 'Decomm. scans saved successfully!');
  await expect(page).toHaveURL(new RegExp(`/ldc/decommDetails/${DECOMM}$`));
  await page.goto(`/ldc/itemDetails/${scrapping.sscc}`);
  await expect(page.getByRole('main')).toContainText('DESTROYED');
});

test('a local operator transfers a carton on an STO: a dispatched pack is refused', async ({ page }) => {
  await openList(page, 'Transfer', 'STO List');
  await openCard(page, 'Search STO No.', `STO No. ${STO}`, 'STO Details');
  await expect(page).toHaveURL(new RegExp(`/ldc/transferDetails/${STO}$`));
  await page.getByRole('link', { name: 'Scan', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/ldc/ScanOperation/${STO}\\?p=STO$`));

  await scanAs(page, 'Pack', `]d2${packCode(loose[0]!, GS)}`);
  await expect(page.locator('[data-outcome="refused"]')).toContainText(
    'This item cannot be transferred: it is TRANSIT / DISPATCHED, not in saleable stock.',
  );
  await scanAs(page, 'Carton', `]C100${transferring.sscc}`);
  await expect(page.locator('[data-outcome="accepted"]')).toContainText(`Carton ${transferring.sscc} accepted: 2 packs counted.`);

  await completeDocument(page, 'STO Details', 'Complete transfer?', 'Transfer scans saved successfully!');
});

test('a local operator returns a carton to the principal: a dispatched pack is refused', async ({ page }) => {
  await openList(page, 'RTP', 'RTP List');
  await openCard(page, 'Search RTP OBD No.', `RTP OBD No. ${RTP}`, 'RTP Details');
  await expect(page).toHaveURL(new RegExp(`/ldc/rtpDetails/${RTP}$`));
  await page.getByRole('link', { name: 'Scan', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/ldc/ScanOperation/${RTP}\\?p=RTP$`));

  await scanAs(page, 'Pack', packCode(loose[0]!, '<GS>'));
  await expect(page.locator('[data-outcome="refused"]')).toContainText(
    'This item cannot be returned to the principal: it is TRANSIT / DISPATCHED.',
  );
  await scanAs(page, 'Carton', `00${toPrincipal.sscc}`);
  await expect(page.locator('[data-outcome="accepted"]')).toContainText(`Carton ${toPrincipal.sscc} accepted: 2 packs counted.`);

  await completeDocument(page, 'RTP Details', 'Complete return to principal?', 'RTP completed successfully!');
});
