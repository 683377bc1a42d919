import { expect, request as playwrightRequest, test, type Page, type TestInfo } from '@playwright/test';
import {
  CodeMaker,
  packScan,
  ssccScan,
  type CartonSpec,
  type PackSpec,
  type PalletSpec,
} from '../../apps/server/src/seed/epcis-builder.ts';
import { DOC_DATE, receiveIbd } from '../../apps/server/src/seed/stock-builder.ts';
import { APP_URL } from '../support/settings.ts';
import { adminApi, apiPort, demoProducts, PASSWORD } from '../support/stage-ibd.ts';
import { login } from './support.ts';

/**
 * Repacking (issue 18, decision 0049), as operators do it on a handheld: regionally a new pallet made on
 * 'Repack - Create Pallet', edited (two cartons of a received pallet and a loose pack added, a carton and the
 * pack taken off again after the confirmation, a refusal shown with nothing changed), completed ('Repacking
 * completed successfully!') and viewed; locally a repack outside documents into a new carton, to its
 * completion titled 'Repack - View Carton' (spec point 2), and one for a REPACK document onto a scanned
 * carton, where a pack of a material not on the document is refused; and (issue 27) one for a document where
 * a DAMAGED pack is refused in words and a pack taken out of a received carton names that carton, with no
 * code or scan id on screen. Each page is looked at at phone width
 * (360 px) and at desktop width: nothing cut off, no sideways scroll. Stock and document are built by code first.
 */
const STAMP = String(Date.now()).slice(-8);
const RDC_IBD = `16${STAMP}`;
const LDC_IBD = `19${STAMP}`;
// Extension digit 1: SSCCs and serials apart from the other journeys' and the demo seed's.
const codes = new CodeMaker(Number(STAMP.slice(-6)) + 181_818, '1');
let pallet: PalletSpec;
let loosePack: PackSpec;
let localCarton: CartonSpec;
let localPacks: PackSpec[];
let docCarton: CartonSpec;
let docPack: PackSpec;
let otherMaterialPack: PackSpec;
let otherMaterialNo: string;
const REPACK_DOC = `20${STAMP}`;
// Issue 27: a pack set DAMAGED (as 'Replace a pack' leaves the pack it takes out), and a received carton a pack is taken out of.
const SALEABLE_DOC = `22${STAMP}`;
let damagedPack: PackSpec;
let sourceCarton: CartonSpec;
let freePack: PackSpec;

/** A pack as the repack pages name it, as every page does: 'GTIN/serial' (docs/glossary.md). */
const packId = (p: PackSpec) => `${p.gtin}/${p.serial}`;

test.beforeAll(async () => {
  const api = await adminApi();
  const products = await demoProducts(api, `P${STAMP.slice(-5)}`);
  const product = products[0]!;
  pallet = codes.pallet(2, 3, product);
  loosePack = codes.packs(1, product)[0]!;
  await receiveIbd(apiPort(api, 'RDC'), RDC_IBD, { pallets: [pallet], packs: [loosePack] }, products, { warehouseNo: 'W2010' });
  localCarton = codes.carton(2, products[1]!);
  localPacks = codes.packs(2, products[1]!);
  docCarton = codes.carton(2, products[1]!);
  docPack = codes.packs(1, products[1]!)[0]!;
  otherMaterialPack = codes.packs(1, products[0]!)[0]!;
  otherMaterialNo = products[0]!.materialNo;
  damagedPack = codes.packs(1, products[1]!)[0]!;
  sourceCarton = codes.carton(3, products[1]!);
  freePack = codes.packs(1, products[1]!)[0]!;
  const port = apiPort(api, 'LDC');
  await receiveIbd(
    port,
    LDC_IBD,
    { cartons: [localCarton, docCarton, sourceCarton], packs: [...localPacks, docPack, otherMaterialPack, damagedPack, freePack] },
    products,
    { warehouseNo: 'W3010' },
  );
  // The REPACK document a local repack is made for: one line of the second material.
  await port.putDocument('REPACK', REPACK_DOC, {
    warehouseNo: 'W3010',
    date: DOC_DATE,
    lines: [{ lineNo: 10, materialNo: products[1]!.materialNo, batchNo: products[1]!.batch, quantity: 3 }],
  });
  await port.putDocument('REPACK', SALEABLE_DOC, {
    warehouseNo: 'W3010',
    date: DOC_DATE,
    lines: [{ lineNo: 10, materialNo: products[1]!.materialNo, batchNo: products[1]!.batch, quantity: 4 }],
  });
  await api.dispose();
  // The pack set DAMAGED through the item status edit, by a local user.
  const local = await playwrightRequest.newContext({ baseURL: APP_URL });
  const signedIn = await local.post('/api/auth-login', { data: { identifier: 'ldc@demo.local', password: PASSWORD } });
  expect(signedIn.status()).toBe(200);
  const { jwt } = (await signedIn.json()) as { jwt: string };
  const edit = await local.post('/api/itemStatus?area=LDC', {
    headers: { authorization: `Bearer ${jwt}` },
    data: { code: packScan(damagedPack), unit: 'EA', status: 'DAMAGED' },
  });
  expect(edit.status(), await edit.text()).toBe(200);
  await local.dispose();
});

/** Enters a code in a scan field and presses Enter (the whole code at once, as a scanner's burst or a paste). */
async function scan(page: Page, field: string, raw: string) {
  await page.getByRole('textbox', { name: field }).fill(raw);
  // In scanner mode a pause may already have committed it: Enter goes to whatever has the focus.
  await page.keyboard.press('Enter');
}

/** At 360 px and at 1280 px: nothing wider than the window, no badge cut short; a screenshot of each. */
async function look(page: Page, info: TestInfo, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 640 : 800 });
    const { scrollWidth, clientWidth, clipped } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      clipped: [...document.querySelectorAll('.mantine-Badge-label')].filter((e) => e.scrollWidth > e.clientWidth + 1).length,
    }));
    expect(scrollWidth, `${name} at ${width} px`).toBeLessThanOrEqual(clientWidth);
    expect(clipped, `${name} at ${width} px`).toBe(0);
    await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 360, height: 640 });
}

const destination = (page: Page) => page.getByRole('region', { name: 'Destination' });
const contents = (page: Page) => page.getByRole('region', { name: 'Contents' });

test('create a pallet, edit it (two cartons and a pack on, a carton and the pack off again, a refusal), complete it and view it', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const carton = pallet.cartons[0]!;
  await login(page, 'rdc', 'rdc@demo.local');
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Create New Pallet SSCC' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Repack - Create Pallet' })).toBeVisible();
  await page.getByRole('button', { name: 'Create New Pallet SSCC' }).click();
  const sscc = (await page.getByTestId('new-sscc').textContent())!.trim();
  expect(sscc).toMatch(/^\d{18}$/);
  await look(page, info, 'create-pallet');

  // 'Edit pallet' opens the new pallet's repack.
  await page.getByRole('link', { name: 'Edit pallet' }).click();
  await expect(page).toHaveURL(/\/rdc\/pallet\/repack\?repackNo=RP\d{8}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Repack - Edit Pallet' })).toBeVisible();
  await expect(destination(page).getByTestId('destination-sscc')).toHaveText(sscc);
  await expect(destination(page).getByText('In Progress', { exact: true })).toBeVisible();
  await expect(contents(page).getByText('Nothing on it yet: scan a carton or pack to add it.')).toBeVisible();
  await look(page, info, 'edit-pallet-empty');

  // A carton of the received pallet, then a loose pack.
  await scan(page, 'Scan a carton or pack to add', ssccScan(carton.sscc));
  await expect(page.getByRole('status').filter({ hasText: `Carton ${carton.sscc} added: 3 packs.` })).toBeVisible();
  await expect(contents(page).getByRole('listitem', { name: `Carton ${carton.sscc}` })).toBeVisible();
  await expect(destination(page).getByTestId('destination-packs')).toHaveText('3');
  await scan(page, 'Scan a carton or pack to add', packScan(loosePack));
  await expect(page.getByRole('status').filter({ hasText: `Pack ${packId(loosePack)} added: 1 pack.` })).toBeVisible();
  await expect(contents(page).getByRole('listitem', { name: `Pack ${packId(loosePack)}` })).toBeVisible();
  await expect(destination(page).getByTestId('destination-packs')).toHaveText('4');
  const second = pallet.cartons[1]!;
  await scan(page, 'Scan a carton or pack to add', ssccScan(second.sscc));
  await expect(page.getByRole('status').filter({ hasText: `Carton ${second.sscc} added: 3 packs.` })).toBeVisible();
  await expect(contents(page).getByRole('listitem', { name: `Carton ${second.sscc}` })).toBeVisible();
  await expect(destination(page).getByTestId('destination-packs')).toHaveText('7');

  // A refusal: a pallet (this one) cannot go on a pallet; the message shows and nothing changes.
  await scan(page, 'Scan a carton or pack to add', ssccScan(sscc));
  await expect(page.getByRole('alert').filter({ hasText: 'A pallet cannot be put on a pallet.' })).toBeVisible();
  await expect(destination(page).getByTestId('destination-packs')).toHaveText('7');
  await expect(contents(page).getByRole('listitem')).toHaveCount(3);
  await look(page, info, 'edit-pallet-refusal');

  // Remove: the scan asks first; Keep changes nothing, Take off takes it off.
  await page
    .locator('label')
    .filter({ hasText: /^Remove$/ })
    .click();
  await scan(page, 'Scan a carton or pack to take off', ssccScan(second.sscc));
  const askCarton = page.getByRole('dialog', { name: `Take ${second.sscc} off?` });
  await expect(askCarton).toBeVisible();
  await look(page, info, 'edit-pallet-remove-confirm');
  await askCarton.getByRole('button', { name: 'Keep' }).click();
  await expect(askCarton).toBeHidden();
  await expect(contents(page).getByRole('listitem')).toHaveCount(3);
  await expect(destination(page).getByTestId('destination-packs')).toHaveText('7');
  await scan(page, 'Scan a carton or pack to take off', ssccScan(second.sscc));
  await askCarton.getByRole('button', { name: 'Take off' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Carton ${second.sscc} taken off: 3 packs.` })).toBeVisible();
  await expect(contents(page).getByRole('listitem', { name: `Carton ${second.sscc}` })).toHaveCount(0);
  await expect(contents(page).getByRole('listitem')).toHaveCount(2);
  await expect(destination(page).getByTestId('destination-packs')).toHaveText('4');
  await scan(page, 'Scan a carton or pack to take off', packScan(loosePack));
  const ask = page.getByRole('dialog', { name: `Take ${packId(loosePack)} off?` });
  await ask.getByRole('button', { name: 'Take off' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Pack ${packId(loosePack)} taken off: 1 pack.` })).toBeVisible();
  await expect(contents(page).getByRole('listitem')).toHaveCount(1);
  await expect(destination(page).getByTestId('destination-packs')).toHaveText('3');

  // Complete, after the confirmation: the view, with the spec's message and no back button.
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Complete this repack?' });
  await expect(confirm).toContainText(`${sscc} holds 3 packs.`);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/rdc\/repackViewPallet\?repackNo=RP\d{8}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Repack - View Pallet' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Repacking completed successfully!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await expect(destination(page).getByText('Completed', { exact: true })).toBeVisible();
  // Spec point 3, 'Repack: source pallet SSCC': the carton came off the received pallet.
  await expect(destination(page).getByText(pallet.sscc)).toBeVisible();
  await expect(contents(page).getByRole('listitem', { name: `Carton ${carton.sscc}` })).toBeVisible();
  await look(page, info, 'view-pallet');

  // Its label, on 'Print new label'.
  await page.getByRole('link', { name: 'Print its label' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Print new label' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'SSCC' })).toHaveValue(sscc);
});

test('a local repack outside documents into a new carton, to its completion titled Repack - View Carton', async ({ page }, info) => {
  test.setTimeout(90_000);
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('button', { name: 'Repack', exact: true }).click();
  await page.getByRole('dialog', { name: 'Repack' }).getByRole('button', { name: 'Repack outside documents' }).click();
  await expect(page).toHaveURL(/\/ldc\/repackOutsideDocsScanOperation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Repack Outside Documents' })).toBeVisible();
  await look(page, info, 'local-destination');

  // Back on a local scan page hides the scan field instead of leaving (spec point 2).
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('textbox', { name: 'Destination SSCC' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show scan field' }).click();
  await expect(page.getByRole('textbox', { name: 'Destination SSCC' })).toBeVisible();

  // A new carton in the area's warehouse.
  await page.getByRole('button', { name: 'Create and start' }).click();
  await expect(page).toHaveURL(/\/ldc\/repackOutsideDocsScanOperation\?repackNo=RP\d{8}$/);
  await expect(destination(page).getByText('Destination · Carton')).toBeVisible();

  // Two loose packs and the received carton's packs one by one, then one taken off by its row.
  await scan(page, 'Scan a carton or pack to add', packScan(localPacks[0]!));
  await expect(page.getByRole('status').filter({ hasText: `Pack ${packId(localPacks[0]!)} added: 1 pack.` })).toBeVisible();
  await scan(page, 'Scan a carton or pack to add', packScan(localPacks[1]!));
  await expect(page.getByRole('status').filter({ hasText: `Pack ${packId(localPacks[1]!)} added: 1 pack.` })).toBeVisible();
  await scan(page, 'Scan a carton or pack to add', packScan(localCarton.packs[0]!));
  await expect(destination(page).getByTestId('destination-packs')).toHaveText('3');
  await page.getByRole('button', { name: `Take ${packId(localPacks[1]!)} off` }).click();
  await page
    .getByRole('dialog', { name: `Take ${packId(localPacks[1]!)} off?` })
    .getByRole('button', { name: 'Take off' })
    .click();
  await expect(destination(page).getByTestId('destination-packs')).toHaveText('2');
  await look(page, info, 'local-scan');

  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Complete this repack?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/ldc\/repackComplete\/repackCompletionDetail\?repackNo=RP\d{8}&destinationType=CTN$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Repack - View Carton' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Repacking completed successfully!' })).toBeVisible();
  await expect(destination(page).getByText('Completed', { exact: true })).toBeVisible();
  await expect(contents(page).getByRole('listitem')).toHaveCount(2);
  await expect(contents(page).getByRole('listitem', { name: `Pack ${packId(localCarton.packs[0]!)}` })).toBeVisible();
  // The pack that came out of the received carton names it as its source.
  await expect(destination(page).getByText(localCarton.sscc)).toBeVisible();
  await look(page, info, 'local-completion');
});

test("a local repack with a document onto a scanned carton: another material refused, the document's taken, completed", async ({
  page,
}) => {
  const documentNo = REPACK_DOC;
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('button', { name: 'Repack', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Repack' });
  await dialog.getByRole('textbox', { name: 'Document No.' }).fill(documentNo);
  await dialog.getByRole('button', { name: 'Repack with document' }).click();
  await expect(page).toHaveURL(new RegExp(`/ldc/repackScanOperation/${encodeURIComponent(documentNo)}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Material No.' })).toBeVisible();

  // A pack is no destination: refused, and the page stays on the destination step.
  await scan(page, 'Destination SSCC', packScan(docPack));
  await expect(
    page.getByRole('alert').filter({ hasText: "A pack cannot be a repack's destination: scan a pallet or carton." }),
  ).toBeVisible();
  await scan(page, 'Destination SSCC', ssccScan(docCarton.sscc));
  await expect(page).toHaveURL(/\?repackNo=RP\d{8}$/);
  await expect(destination(page).getByTestId('destination-sscc')).toHaveText(docCarton.sscc);
  await expect(destination(page).getByText(documentNo)).toBeVisible();
  await expect(destination(page).getByTestId('destination-packs')).toHaveText('2');

  // Spec point 2 'Scan Material No.': only the document's materials are repacked for it.
  await scan(page, 'Scan a carton or pack to add', packScan(otherMaterialPack));
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: `Material ${otherMaterialNo} is not on ${documentNo}: it cannot be repacked for that document.` }),
  ).toBeVisible();
  await expect(destination(page).getByTestId('destination-packs')).toHaveText('2');
  await scan(page, 'Scan a carton or pack to add', packScan(docPack));
  await expect(page.getByRole('status').filter({ hasText: `Pack ${packId(docPack)} added: 1 pack.` })).toBeVisible();
  await expect(destination(page).getByTestId('destination-packs')).toHaveText('3');
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Complete this repack?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Repack - View Carton' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Repacking completed successfully!' })).toBeVisible();
  await expect(destination(page).getByText(documentNo)).toBeVisible();
  await expect(contents(page).getByRole('listitem')).toHaveCount(3);
});

/** What the page shows: no code of the product (REPACK_PENDING, a refusal's code) and no id of a scan (a UUID). */
async function noRawCodes(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/REPACK_[A-Z_]+|[A-Z]+_[A-Z_]{3,}/);
  expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
}

test('a repack for a document refuses a DAMAGED pack in words, and says it took a pack out of a carton, naming it (issue 27)', async ({
  page,
}, info) => {
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('button', { name: 'Repack', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Repack' });
  await dialog.getByRole('textbox', { name: 'Document No.' }).fill(SALEABLE_DOC);
  await dialog.getByRole('button', { name: 'Repack with document' }).click();
  await expect(page).toHaveURL(new RegExp(`/ldc/repackScanOperation/${SALEABLE_DOC}$`));
  await page.getByRole('button', { name: 'Create and start' }).click();
  await expect(page).toHaveURL(/\?repackNo=RP\d{8}$/);
  await expect(destination(page).getByText('In Progress', { exact: true })).toBeVisible();

  // The DAMAGED pack: refused, its state named as dispatch names it; nothing is added.
  await scan(page, 'Scan a carton or pack to add', packScan(damagedPack));
  await expect(
    page.getByRole('alert').filter({ hasText: 'This item cannot be repacked: it is DAMAGED / WAREHOUSE RECEIVED, not in saleable stock.' }),
  ).toBeVisible();
  await expect(destination(page).getByTestId('destination-packs')).toHaveText('0');
  await expect(contents(page).getByRole('listitem')).toHaveCount(0);
  await noRawCodes(page);
  await look(page, info, 'repack-refused-damaged');

  // A pack of the received carton: added, and the page says which carton it was taken out of.
  const pack = sourceCarton.packs[0]!;
  await scan(page, 'Scan a carton or pack to add', packScan(pack));
  const said = page.getByRole('status').filter({ hasText: `Pack ${packId(pack)} added: 1 pack.` });
  await expect(said).toBeVisible();
  await expect(said.getByTestId('taken-from')).toHaveText(`Taken out of carton ${sourceCarton.sscc}: 2 packs left in it.`);
  await expect(destination(page).getByTestId('destination-packs')).toHaveText('1');
  await noRawCodes(page);
  await look(page, info, 'repack-taken-out-of-carton');

  // A loose pack comes from no carton: no such sentence.
  await scan(page, 'Scan a carton or pack to add', packScan(freePack));
  await expect(page.getByRole('status').filter({ hasText: `Pack ${packId(freePack)} added: 1 pack.` })).toBeVisible();
  await expect(page.getByTestId('taken-from')).toHaveCount(0);
});
