import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACTIONS, FEATURES } from '@pharma/domain';
import { CodeMaker, packScan, type PackSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { receiveIbd } from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort, demoProducts } from '../support/stage-ibd.ts';
import { login } from './support.ts';

/**
 * Issue 27, 'never show a raw code to an operator', in the three places that still did: the admin role
 * editor wrote the permission tree's codes ('DetailsPage', 'DeleteScannedItem'), the repack pages wrote a
 * pack as '(01)GTIN(21)serial', and a unit's history titled each entry with the audit code ('repack-add',
 * 'create'). Each shows words now, and a pack is 'GTIN/serial' as everywhere (docs/glossary.md).
 */
const STAMP = String(Date.now()).slice(-8);
const IBD = `16${STAMP}`;
// Loose packs only (no SSCC of ours): serials from a seed of their own.
const codes = new CodeMaker(Number(STAMP.slice(-6)) + 696_969, '1');
let packs: PackSpec[];

/** A permission code as the API spells it ('DetailsPage'), anywhere in a text. */
const PERMISSION_CODE = new RegExp(`\\b(?:${[...FEATURES, ...ACTIONS].filter((c) => /[a-z][A-Z]/.test(c)).join('|')})\\b`);
/** An audit code as the trail writes it ('repack-add', 'print-failed'). */
const HYPHENATED_CODE = /\b[a-z]+-[a-z]+\b/;
/** A pack written as its element string, or a separator written out. */
const RAW_PACK = /\(01\)|\(21\)|<GS>|\u001d/;

test.beforeAll(async () => {
  const api = await adminApi();
  const products = await demoProducts(api, `Q${STAMP.slice(-5)}`);
  packs = codes.packs(2, products[0]!);
  await receiveIbd(apiPort(api, 'RDC'), IBD, { packs }, products, { warehouseNo: 'W2010' });
  await api.dispose();
});

const packName = (p: PackSpec) => `${p.gtin}/${p.serial}`;

async function scan(page: Page, field: string, raw: string) {
  await page.getByRole('textbox', { name: field }).fill(raw);
  await page.keyboard.press('Enter');
}

/** The titles of a history's entries, as shown. */
async function historyTitles(history: Locator): Promise<string[]> {
  return (await history.locator('.mantine-Timeline-itemTitle').allInnerTexts()).map((t) => t.trim());
}

test('the admin role editor and the role card name features and actions in words', async ({ page }) => {
  await login(page, 'ldc', 'admin@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Roles' }).click();
  await page.getByRole('button', { name: 'Create role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create role' });
  const roleName = `Words ${STAMP}`;
  await dialog.getByRole('textbox', { name: 'Name' }).fill(roleName);
  await dialog.getByRole('checkbox', { name: 'LDC', exact: true }).check();

  // Redress has every action; ScanLite the material features.
  const redress = dialog.getByRole('group', { name: 'LDC REDRESS', exact: true });
  await redress.getByRole('checkbox', { name: 'Details page', exact: true }).check();
  const actions = redress.getByRole('group', { name: 'Details page: Actions' });
  for (const words of [
    'Filter',
    'Scan',
    'Complete',
    'Delete scanned items',
    'Edit status',
    'Create items',
    'Edit BPR No.',
    'Reopen Document',
  ]) {
    await expect(actions.getByText(words, { exact: true })).toBeVisible();
  }
  await actions.getByText('Reopen Document', { exact: true }).click();
  const scanLite = dialog.getByRole('group', { name: 'LDC SCANLITE', exact: true });
  await scanLite.getByRole('checkbox', { name: 'Add Material/Batch', exact: true }).check();
  await expect(scanLite.getByRole('checkbox', { name: 'Material Details', exact: true })).toBeVisible();
  expect(await dialog.innerText()).not.toMatch(PERMISSION_CODE);

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article', { name: roleName });
  await expect(card.getByText('LDC: REDRESS (Details page), SCANLITE (Add Material/Batch)')).toBeVisible();
  expect(await page.getByRole('main').innerText()).not.toMatch(PERMISSION_CODE);
});

test("a repack page writes a moved pack as GTIN/serial, and the pack's history says what happened in words", async ({ page }) => {
  test.setTimeout(90_000);
  const [kept, removed] = packs as [PackSpec, PackSpec];
  await login(page, 'rdc', 'rdc@demo.local');
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Create New Pallet SSCC' }).click();
  await page.getByRole('button', { name: 'Create New Pallet SSCC' }).click();
  const sscc = (await page.getByTestId('new-sscc').textContent())!.trim();
  await page.getByRole('link', { name: 'Edit pallet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Repack - Edit Pallet' })).toBeVisible();

  // Two packs on, scanned with their group separator; one off again after the question.
  for (const pack of [kept, removed]) {
    await scan(page, 'Scan a carton or pack to add', packScan(pack));
    await expect(page.getByRole('status').filter({ hasText: `Pack ${packName(pack)} added: 1 pack.` })).toBeVisible();
  }
  const contents = page.getByRole('region', { name: 'Contents' });
  await expect(contents.getByRole('listitem', { name: `Pack ${packName(kept)}` })).toBeVisible();
  await expect(contents.getByRole('button', { name: `Take ${packName(removed)} off` })).toBeVisible();
  expect(await page.getByRole('main').innerText()).not.toMatch(RAW_PACK);

  await page
    .locator('label')
    .filter({ hasText: /^Remove$/ })
    .click();
  await scan(page, 'Scan a carton or pack to take off', packScan(removed));
  const ask = page.getByRole('dialog', { name: `Take ${packName(removed)} off?` });
  await expect(ask).toBeVisible();
  expect(await ask.innerText()).not.toMatch(RAW_PACK);
  await ask.getByRole('button', { name: 'Take off' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Pack ${packName(removed)} taken off: 1 pack.` })).toBeVisible();
  expect(await page.getByRole('main').innerText()).not.toMatch(RAW_PACK);

  // Each pack's page: its history titled in words, the repack named as it happened.
  const expected: [PackSpec, string][] = [
    [kept, 'Added in a repack'],
    [removed, 'Taken off in a repack'],
  ];
  for (const [pack, last] of expected) {
    await page.goto(`/rdc/pack/packDetails/packDetail?${new URLSearchParams({ gtin: pack.gtin, serial: pack.serial })}`);
    const history = page.getByRole('article', { name: `Pack ${packName(pack)}` }).getByRole('region', { name: 'History' });
    await expect(history.getByText(last, { exact: true })).toBeVisible();
    const titles = await historyTitles(history);
    expect(titles).toEqual(expect.arrayContaining([`Scanned on IBD No. ${IBD}`, `IBD No. ${IBD} completed`, 'Added in a repack']));
    for (const title of titles) {
      expect(title).toMatch(/^[A-Z]/);
      expect(title).not.toMatch(HYPHENATED_CODE);
      expect(title).not.toMatch(/^(scan|complete|reverse|reopen|replace) /);
    }
  }

  // The new pallet's own page: made, then the packs put on it.
  await page.goto(`/rdc/pallet/${sscc}`);
  const palletHistory = page.getByRole('region', { name: 'History' });
  await expect(palletHistory.getByText('Created', { exact: true })).toBeVisible();
  for (const title of await historyTitles(palletHistory)) expect(title).not.toMatch(HYPHENATED_CODE);
});
