import { expect, test } from '@playwright/test';
import { CodeMaker, type PalletSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { stageIbd } from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort, demoProducts } from '../support/stage-ibd.ts';
import type { Page } from '@playwright/test';
import { login, scanAs } from './support.ts';

/**
 * Reader settings (decision 0042, spec point 5, issue 13): a bare 18-digit SSCC typed in pallet mode
 * says what is missing until the warehouse allows it for this reader; the server decides, with the
 * settings it holds for the reader the scan names (`device`: the reader name of the device's settings).
 */
const READER = `E2E-READER-${Date.now()}`;

const IBD = `17${String(Date.now()).slice(-8)}`;
// Extension digit 6: SSCCs apart from the demo seed's and the other journeys'.
const codes = new CodeMaker(Number(IBD.slice(-6)), '6');
let pallet: PalletSpec;
let prefixed: PalletSpec;
let fromScreen: PalletSpec;

test.beforeAll(async () => {
  const api = await adminApi();
  const [product] = await demoProducts(api, `R${IBD.slice(-5)}`);
  pallet = codes.pallet(1, 2, product!);
  prefixed = codes.pallet(1, 2, product!);
  fromScreen = codes.pallet(1, 2, product!);
  await stageIbd(apiPort(api), IBD, { pallets: [pallet, prefixed, fromScreen] }, [product!], { date: '2026-11-21' });
  await api.dispose();
});

test('a bare SSCC in pallet mode is refused with what is missing, then accepted once the reader named in Settings is set so', async ({
  page,
}) => {
  await login(page, 'rdc', 'rdc@demo.local');
  await expect(page).toHaveURL(/\/rdc$/);
  await page.goto('/rdc/settings');
  await page.getByRole('textbox', { name: 'Reader name' }).fill(READER);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings updated successfully!' })).toBeVisible();
  await page.goto(`/rdc/scanPallet/${IBD}?p=IBD`);
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Item' })).toBeVisible();

  await scanAs(page, 'Pallet', pallet.sscc);
  await expect(page.getByRole('alert').filter({ hasText: 'SSCC' })).toContainText(
    "These 18 digits are an SSCC typed without its Application Identifier (00): scan the pallet's SSCC label, or type 00 before the digits.",
  );

  const api = await adminApi();
  const set = await api.put(`/api/admin/warehouses/W2010/reader-settings?reader=${READER}`, { data: { bareSscc: true } });
  expect(set.status()).toBe(200);
  await api.dispose();

  await scanAs(page, 'Pallet', pallet.sscc);
  await expect(page.getByRole('status').filter({ hasText: 'accepted' })).toContainText(`Pallet ${pallet.sscc} accepted: 2 packs counted.`);
});

/** Names this device's reader in Settings, then opens the IBD's Scan Pallet page once it has the reader settings. */
async function openScanPageAs(page: Page, reader: string): Promise<void> {
  await page.goto('/rdc/settings');
  await page.getByRole('textbox', { name: 'Reader name' }).fill(reader);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings updated successfully!' })).toBeVisible();
  // The answer the page acted on: a first call answered 401 (the journeys' access tokens last 6 s) is sent again after a refresh.
  const settings = page.waitForResponse(
    (r) => r.url().includes('/api/readerSettings') && r.url().includes(encodeURIComponent(reader)) && r.status() !== 401,
  );
  await page.goto(`/rdc/scanPallet/${IBD}?p=IBD`);
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Item' })).toBeVisible();
  expect((await settings).status()).toBe(200);
  await page
    .locator('label')
    .filter({ hasText: /^Non-GS1$/ })
    .click();
}

/** The scans this page sends to the server, to tell a refusal on the device from the server's. */
function sentScans(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/scanForOperation')) sent.push(String((request.postDataJSON() as { code?: unknown }).code));
  });
  return sent;
}

test("Non-GS1 mode: the reader's prefix is removed on the device as on the server; another prefix is refused on the device (decision 0051)", async ({
  page,
}) => {
  const reader = `${READER}-P`;
  const api = await adminApi();
  expect((await api.put(`/api/admin/warehouses/W2010/reader-settings?reader=${reader}`, { data: { prefix: 'R7:' } })).status()).toBe(200);
  await api.dispose();

  await login(page, 'rdc', 'rdc@demo.local');
  await expect(page).toHaveURL(/\/rdc$/);
  const sent = sentScans(page);
  await openScanPageAs(page, reader);

  await scanAs(page, 'Pallet', `XX:${prefixed.sscc}`);
  await expect(page.getByRole('alert').filter({ hasText: 'not supported' })).toContainText(
    "Item's ID is not supported. Please scan another item.",
  );
  expect(sent).toEqual([]);

  await scanAs(page, 'Pallet', `R7:${prefixed.sscc}`);
  await expect(page.getByRole('status').filter({ hasText: 'accepted' })).toContainText(
    `Pallet ${prefixed.sscc} accepted: 2 packs counted.`,
  );
  expect(sent).toEqual([`R7:${prefixed.sscc}`]);
});

test("an administrator sets a reader's settings on the admin screen, and that reader's scans are read with them", async ({
  page,
  browser,
}) => {
  const reader = `${READER}-A`;
  await login(page, 'rdc', 'admin@demo.local');
  await expect(page).toHaveURL(/\/rdc$/);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Reader settings' }).click();
  await page.getByRole('combobox', { name: 'Warehouse' }).click();
  await page.getByRole('option', { name: /^W2010 / }).click();
  const form = page.getByRole('form', { name: 'Reader settings' });
  await form.getByRole('textbox', { name: 'Reader', exact: true }).fill(reader);
  await form.getByRole('textbox', { name: 'Prefix' }).fill('Q9-');
  await form.getByRole('switch', { name: "Remove '00' from a 20-character code (Non-GS1 mode)" }).check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings updated successfully!' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Reader settings' }).getByRole('row').filter({ hasText: reader });
  await expect(row).toContainText('Q9-');
  await expect(row.getByRole('cell').nth(2)).toHaveText('Yes');
  await expect(row.getByRole('cell').nth(3)).toHaveText('No');

  // Edit it again: the row fills the form; clearing the prefix saves none.
  await row.getByRole('button', { name: `Edit ${reader}` }).click();
  await expect(form.getByRole('textbox', { name: 'Prefix' })).toHaveValue('Q9-');
  await form.getByRole('switch', { name: 'Accept an 18-digit SSCC typed without (00) (carton and pallet mode)' }).check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings updated successfully!' })).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText('Yes');

  // The operator's device named so reads a 'Q9-' code as the server does.
  const operator = await browser.newPage();
  await login(operator, 'rdc', 'rdc@demo.local');
  await expect(operator).toHaveURL(/\/rdc$/);
  await openScanPageAs(operator, reader);
  await scanAs(operator, 'Pallet', `Q9-${fromScreen.sscc}`);
  await expect(operator.getByRole('status').filter({ hasText: 'accepted' })).toContainText(
    `Pallet ${fromScreen.sscc} accepted: 2 packs counted.`,
  );
  await operator.close();
});
