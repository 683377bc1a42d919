import { expect, test, type Page } from '@playwright/test';
import { cartonLabelCode } from '@pharma/domain';
import { CodeMaker, type PackSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { DOC_DATE, receiveIbd } from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort, demoProducts } from '../support/stage-ibd.ts';
import type { Product } from '../../apps/server/src/seed/stock-builder.ts';
import { login, openCard } from './support.ts';

/**
 * A full redress as an operator does it on a handheld (issue 17, decision 0036): open the PO, enter
 * the BPR No., scan a carton label (GS1-128: SSCC 00, GTIN 02, batch 10, count 37; GS1 General
 * Specifications 3.2, Logistic Label Guideline 4.2), scan packs by serial and count packs without
 * serials, replace a pack, complete, reopen after the confirmation and complete again; with the
 * refusals of spec points 5 and 8 word for word: an invalid BPR No., an unknown serial, a count past the
 * carton's quantity and a label past the PO's.
 */
const STAMP = String(Date.now()).slice(-8);
const IBD = `14${STAMP}`;
const PO = `51${STAMP}`;
// Extension digit 4: SSCCs and serials apart from the other journeys'.
const codes = new CodeMaker(Number(STAMP.slice(-6)), '4');
const cartonA = codes.sscc();
const cartonB = codes.sscc();
let product: Product;
let packs: PackSpec[];

const packCode = (p: PackSpec) => `01${p.gtin}10${p.batch}<GS>21${p.serial}`;
const label = (cartonCode: string, qty: number) => cartonLabelCode({ cartonCode, gtin: product.gtin, batchNo: product.batch, qty }, '<GS>');

test.beforeAll(async () => {
  const api = await adminApi();
  const port = apiPort(api, 'LDC');
  const products = await demoProducts(api, `R${STAMP.slice(-5)}`);
  product = products[2]!;
  packs = codes.packs(12, product);
  await receiveIbd(port, IBD, { packs }, products, { warehouseNo: 'W3010' });
  await port.putDocument('RRD', PO, {
    warehouseNo: 'W3010',
    date: DOC_DATE,
    lines: [{ lineNo: 10, materialNo: product.materialNo, batchNo: product.batch, quantity: 10 }],
  });
  await api.dispose();
});

/**
 * Enters a code in a scan field and presses Enter, as a person typing or pasting it does (the whole code
 * at once: a scanner's burst could be cut in two by a pause on a busy test machine).
 */
async function scan(page: Page, field: string, raw: string) {
  await page.getByRole('textbox', { name: field }).fill(raw);
  // In scanner mode a pause may already have committed it (the field may then be gone): Enter goes to whatever has the focus.
  await page.keyboard.press('Enter');
}

async function count(page: Page, packsWithoutSerials: number) {
  await page.getByRole('textbox', { name: 'Packs without serials' }).fill(String(packsWithoutSerials));
  await page.getByRole('button', { name: 'Add count' }).click();
}

const carton = (page: Page, code: string) => page.getByRole('listitem', { name: `Carton ${code}` });

test('a full redress: BPR No., carton labels, series and non-series, a replaced pack, complete, reopen, complete again', async ({
  page,
}) => {
  // One long journey of about thirty steps: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Redress', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Redress PO List' })).toBeVisible();
  await openCard(page, 'Search PO No.', `PO No. ${PO}`, 'PO Details');
  await page.getByRole('link', { name: 'Scan', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Code' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/ldc/rrdScanOperation/rrdDocTagging/new\\?docNo=${PO}$`));
  await expect(page.getByRole('button', { name: 'Scan carton label' })).toBeDisabled();

  // The BPR No.: refused with the spec's message, then saved; the path then names it.
  await page.getByRole('textbox', { name: 'BPR No.' }).fill('BPR#17');
  await page.getByRole('button', { name: 'Save BPR No.' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid BPR No.' })).toBeVisible();
  await page.getByRole('textbox', { name: 'BPR No.' }).fill(`BPR-${STAMP}`);
  await page.getByRole('button', { name: 'Save BPR No.' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'BPR No. saved to this Redress Ref. Doc No.' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/rrdDocTagging/BPR-${STAMP}\\?docNo=${PO}$`));

  // A carton label for 6 packs: the series scanner opens on it.
  await page.getByRole('link', { name: 'Scan carton label' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scan carton label' })).toBeVisible();
  await scan(page, 'Carton label', label(cartonA, 6));
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Code - Series' })).toBeVisible();
  await expect(carton(page, cartonA)).toContainText('0 of 6 packs');

  // Series: three packs by serial; a serial the warehouse does not hold is refused.
  for (const p of packs.slice(0, 3)) {
    await scan(page, 'Pack code', packCode(p));
    await expect(page.getByRole('status').filter({ hasText: p.serial })).toBeVisible();
  }
  await expect(carton(page, cartonA)).toContainText('3 of 6 packs');
  // Leaving while the carton is not full asks first (spec point 8); stay.
  await page.getByRole('link', { name: 'Back to the PO' }).click();
  const leave = page.getByRole('dialog', { name: 'Carton not full' });
  await expect(leave).toContainText('Data may be lost if you refresh/ exit the page. Do you still wish to proceed?');
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Code - Series' })).toBeVisible();
  await scan(page, 'Pack code', packCode({ ...packs[0]!, serial: `NOSUCH${STAMP}` }));
  await expect(page.getByRole('alert').filter({ hasText: "Scanned item's serial number is not recognized" })).toBeVisible();

  // Non-series: a count of 2, then 2 more than the carton takes, then the last one.
  await page
    .locator('label')
    .filter({ hasText: /^Non-series$/ })
    .click();
  await count(page, 2);
  await expect(carton(page, cartonA)).toContainText('5 of 6 packs');
  await count(page, 2);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Total scanned quantity exceeded total quantity allowed for this carton' }),
  ).toBeVisible();
  await count(page, 1);
  await expect(carton(page, cartonA)).toContainText('6 of 6 packs');
  await page.getByRole('link', { name: 'Back to the PO' }).click();

  // A second label: 5 more would take the PO past its 10 packs; 4 fill it.
  await page.getByRole('link', { name: 'Scan carton label' }).click();
  await scan(page, 'Carton label', label(cartonB, 5));
  await expect(
    page.getByRole('alert').filter({ hasText: 'Carton label quantity overflow PO qty. Please check and scan correct value.' }),
  ).toBeVisible();
  await scan(page, 'Carton label', label(cartonB, 4));
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Code - Series' })).toBeVisible();
  for (const p of packs.slice(3, 7)) {
    await scan(page, 'Pack code', packCode(p));
    await expect(page.getByRole('status').filter({ hasText: p.serial })).toBeVisible();
  }
  await expect(carton(page, cartonB)).toContainText('4 of 4 packs');
  await page.getByRole('link', { name: 'Back to the PO' }).click();

  // Replace a damaged pack of the first carton with a spare of the same batch.
  await page.getByRole('link', { name: 'Replace a pack' }).click();
  await scan(page, 'Pack taken out', packCode(packs[0]!));
  await scan(page, 'Pack put in', packCode(packs[10]!));
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Pack ${packs[0]!.gtin}/${packs[0]!.serial} replaced by ${packs[10]!.gtin}/${packs[10]!.serial}.` }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to the PO' }).click();
  await expect(carton(page, cartonA)).toContainText('6 of 6 packs');

  // Complete, reopen after the confirmation, complete again.
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Complete redress?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Redress scans saved successfully!' })).toBeVisible();
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Reopen Document' }).click();
  await page.getByRole('dialog', { name: 'Reopen this redress?' }).getByRole('button', { name: 'Reopen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Document Reopened Successfully!' })).toBeVisible();
  await expect(page.getByText('In Progress', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Complete redress?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Redress scans saved successfully!' })).toBeVisible();
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
});
