import { expect, test } from '@playwright/test';
import { CodeMaker, type PalletSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { stageIbd } from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort, demoProducts } from '../support/stage-ibd.ts';
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

test.beforeAll(async () => {
  const api = await adminApi();
  const [product] = await demoProducts(api, `R${IBD.slice(-5)}`);
  pallet = codes.pallet(1, 2, product!);
  await stageIbd(apiPort(api), IBD, { pallets: [pallet] }, [product!], { date: '2026-11-21' });
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
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Pallet' })).toBeVisible();

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
