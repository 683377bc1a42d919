import { expect, test, type Page } from '@playwright/test';
import { CodeMaker, type CartonSpec, type PackSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { receiveIbd, type Product } from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort, demoProducts, packCode } from '../support/stage-ibd.ts';
import { completeDocument, login, scanAs } from './support.ts';

/**
 * The lite families (decision 0039): an operator builds a Dispatch+ document in the product (its number,
 * a material and batch by hand, one by scanning a pack), scans a carton and packs against it as a scanner
 * types them, deletes one, and completes it; and every lite family's list and details pages carry the words
 * of spec point 2's 'Lite families' table. Stock is received into W3010 through the API first.
 */
const STAMP = String(Date.now()).slice(-8);
const IBD = `14${STAMP}`;
const GS = '\x1d';
// Extension digit 3 with a seed of its own: apart from the other journeys' codes.
const codes = new CodeMaker(Number(STAMP.slice(-6)) + 424_242, '3');
let carton: CartonSpec;
let loose: PackSpec[];
let byHand: Product;
let byScan: Product;

const FAMILIES = [
  { module: 'DISPATCH+', name: 'Dispatch+', input: 'Outbound number', card: 'Outbound No.', status: 'Outbound Status', prefix: 'LD' },
  { module: 'REDRESS+', name: 'Redress+', input: 'Production order number', card: 'PO No.', status: 'Redress Status', prefix: 'LP' },
  { module: 'RECEIVE+', name: 'Receive+', input: 'Inbound number', card: 'Inbound No.', status: 'Inbound Status', prefix: 'LI' },
  { module: 'RETURN+', name: 'Return+', input: 'Return number', card: 'Return No.', status: null, prefix: 'LR' },
  { module: 'DECOMM+', name: 'Decomm+', input: 'Decomm number', card: 'Decomm No.', status: null, prefix: 'LC' },
  { module: 'RTP+', name: 'RTP+', input: 'RTP number', card: 'RTP No.', status: null, prefix: 'LT' },
  { module: 'TRANSFER+', name: 'Transfer+', input: 'STO number', card: 'STO No.', status: null, prefix: 'LS' },
] as const;

test.beforeAll(async () => {
  const api = await adminApi();
  const products = await demoProducts(api, `P${STAMP.slice(-5)}`);
  byHand = products[0]!;
  byScan = products[1]!;
  carton = codes.carton(3, byHand);
  loose = codes.packs(2, byScan);
  await receiveIbd(apiPort(api, 'LDC'), IBD, { cartons: [carton], packs: loose }, products, { warehouseNo: 'W3010' });
  await api.dispose();
});

/** Creates a lite document from its list: the number under the family's input label, then Create. */
async function createFrom(page: Page, f: (typeof FAMILIES)[number], number: string) {
  await page.getByRole('textbox', { name: f.input }).fill(number);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${f.name} Details` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/ldc/liteDetail/${encodeURIComponent(f.module)}\\?docNo=${number}`));
}

test('a local operator builds a Dispatch+ document, scans against it, deletes a scan and completes it', async ({ page }, testInfo) => {
  const f = FAMILIES[0];
  const number = `LD${STAMP}`;
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Dispatch+', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dispatch+ List' })).toBeVisible();
  await expect(page.getByPlaceholder('Search Outbound No.')).toBeVisible();

  // Spec point 5: a number with a symbol is refused in the browser, before any call.
  await page.getByRole('textbox', { name: f.input }).fill('LD-1');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Please enter alphabets and numbers only.')).toBeVisible();
  await createFrom(page, f, number);
  await expect(page.getByText('No materials added yet!')).toBeVisible();
  await expect(page.getByText('No items added yet!')).toBeVisible();
  await expect(page.getByText('Outbound Status')).toBeVisible();

  // A material and batch by hand: 'Add Material/Batch', then back to the details with docNo and moduleID.
  await page.getByRole('link', { name: 'Add Material/Batch' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Material/Batch' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Material No.' }).fill(byHand.materialNo.slice(0, 6));
  await page.getByRole('textbox', { name: 'Batch No.' }).fill(byHand.batch);
  await page.getByRole('textbox', { name: 'Quantity' }).fill('3');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('The material number must have exactly 8 characters.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Material No.' }).fill(byHand.materialNo);
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Item added successfully!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/ldc/liteDetail/DISPATCH%2B\\?docNo=${number}&moduleID=DISPATCH%2B$`));
  await expect(page.getByRole('listitem', { name: `Material No. ${byHand.materialNo}` })).toBeVisible();

  // One by scan: the pack's code names the material (GTIN) and batch; the form opens filled in.
  await page.getByRole('link', { name: 'Scan Material/Batch' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Material/Batch' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Scan a pack code (GTIN and batch)' }).fill(`]d2${packCode(loose[0]!, GS)}`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Material/Batch' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Material No.' })).toHaveValue(byScan.materialNo);
  await expect(page.getByRole('textbox', { name: 'Batch No.' })).toHaveValue(byScan.batch);
  await page.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Item added successfully!')).toBeVisible();
  await expect(page.getByRole('listitem', { name: `Material No. ${byScan.materialNo}` })).toBeVisible();

  // Scan Item Code(s): the carton and both packs, as a scanner types them.
  await page.getByRole('link', { name: 'Scan Item Code(s)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Item Code(s)' })).toBeVisible();
  await scanAs(page, 'Carton', `]C100${carton.sscc}`);
  await expect(page.locator('[data-outcome="accepted"]')).toContainText(`Carton ${carton.sscc} accepted: 3 packs counted.`);
  await scanAs(page, 'Pack', `]d2${packCode(loose[0]!, GS)}`);
  await expect(page.locator('[data-outcome="accepted"]')).toContainText('accepted: 1 pack counted.');
  await scanAs(page, 'Pack', `]d2${packCode(loose[1]!, GS)}`);
  await expect(page.locator('[data-outcome="accepted"]')).toContainText(loose[1]!.serial);
  // A fourth pack of the carton's line: past the line's quantity.
  await scanAs(page, 'Pack', `]d2${packCode(loose[0]!, GS)}`);
  await expect(page.locator('[data-outcome="duplicate"], [data-outcome="refused"]')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('ldc-lite-scanned.png') });

  // Delete one pack: asked first, then taken off.
  await page.getByRole('button', { name: new RegExp(`^Delete .*${loose[1]!.serial}`) }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${loose[1]!.serial} removed: 1 pack taken off.` })).toBeVisible();

  await completeDocument(page, 'Dispatch+ Details', 'Complete dispatch?', 'GI scan saved successfully!');
  await expect(page.getByRole('link', { name: 'Add Material/Batch' })).toHaveCount(0);
  // Each line's scans, with who and when (issue 27, decision 0066): the carton under its line, none removable now.
  const scans = page.getByRole('region', { name: `Scans of ${byHand.materialNo} / ${byHand.batch}` });
  await expect(scans.getByRole('listitem').filter({ hasText: carton.sscc })).toContainText('3 packs · Lina Local ·');
  await expect(page.getByRole('region', { name: 'Scans by line' }).getByRole('button', { name: /^Remove / })).toHaveCount(0);
});

for (const f of FAMILIES) {
  test(`${f.name}: its list and details pages carry the words of spec point 2`, async ({ page }) => {
    await login(page, 'ldc', 'ldc@demo.local');
    await expect(page).toHaveURL(/\/ldc$/);
    await page.goto(`/ldc/liteLists/${encodeURIComponent(f.module)}`);
    await expect(page.getByRole('heading', { level: 1, name: `${f.name} List` })).toBeVisible();
    await expect(page.getByPlaceholder(`Search ${f.card}`)).toBeVisible();
    const number = `${f.prefix}${STAMP}9`;
    await createFrom(page, f, number);
    await expect(page.getByText(f.card, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(number, { exact: true }).first()).toBeVisible();
    if (f.status) await expect(page.getByText(f.status, { exact: true })).toBeVisible();
    else await expect(page.getByText(/ Status$/)).toHaveCount(0);
    await expect(page.getByText('No materials added yet!')).toBeVisible();
    // The card on the list names it by the card header.
    await page.goto(`/ldc/liteLists/${encodeURIComponent(f.module)}`);
    await expect(page.getByRole('link', { name: `${f.card} ${number}` })).toBeVisible();
  });
}

test('a module with no lite family is the not-found page, not a list', async ({ page }) => {
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.goto('/ldc/liteLists/FOO');
  await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'FOO List' })).toHaveCount(0);
});
