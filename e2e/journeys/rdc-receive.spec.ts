import { expect, test, type Page } from '@playwright/test';
import { CodeMaker, type Shipment } from '../../apps/server/src/seed/epcis-builder.ts';
import { stageIbd, type Product } from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort } from '../support/stage-ibd.ts';
import { login, scanAs, sendScan } from './support.ts';

/**
 * Regional receiving, end to end: an IBD and its advance shipping notice come in through the
 * integration API (built by code, like the demo seed), then an operator receives it on a
 * handheld by typing what a scanner types, completes it, and finds the units in search.
 */
const GS = '\x1d';
const IBD = `18${String(Date.now()).slice(-8)}`;
const FOREIGN_IBD = `19${String(Date.now()).slice(-8)}`;
const EXPIRY = '2028-06-30';

// Extension digit 2: SSCCs apart from the demo seed's (0) and the API tests' (1).
const codes = new CodeMaker(Number(IBD.slice(-6)), '2');
let shipment: Required<Pick<Shipment, 'pallets' | 'cartons' | 'packs'>>;
let foreign: Shipment;

test.beforeAll(async () => {
  const api = await adminApi();
  // The demo materials and their GTINs, read from a demo IBD's lines.
  const demo = await api.get('/api/ibdNo/1800000101');
  expect(demo.status()).toBe(200);
  const { data } = (await demo.json()) as { data: { materialNo: string; eanGtinNo: string }[] };
  const products: Product[] = data.map((l, i) => ({
    materialNo: l.materialNo,
    gtin: l.eanGtinNo,
    batch: `E2E${i}${IBD.slice(-4)}`,
    expiry: EXPIRY,
  }));
  const [a, b, c] = products as [Product, Product, Product];
  shipment = { pallets: [codes.pallet(2, 3, a)], cartons: [codes.carton(4, b)], packs: codes.packs(2, c) };
  foreign = { cartons: [codes.carton(3, b)] };
  // Lines matching each shipment exactly, plus 2 packs never sent on the first.
  await stageIbd(apiPort(api), IBD, shipment, products, { date: '2026-11-21', extra: 2 });
  await stageIbd(apiPort(api), FOREIGN_IBD, foreign, products, { date: '2026-11-21', extra: 2 });
  await api.dispose();
});

const lineProgress = (page: Page, materialNo: string) =>
  page.getByRole('listitem', { name: `Material No. ${materialNo}` }).getByTestId('line-progress');

test('an RDC operator receives an IBD by scanning, completes it and finds the units in search', async ({ page }) => {
  // A long journey (a search, fourteen scans, a completion and three searches): seen at 31 s on a loaded machine.
  test.setTimeout(60_000);
  const pallet = shipment.pallets[0]!;
  const carton = shipment.cartons[0]!;
  const [pack1, pack2] = shipment.packs as [(typeof shipment.packs)[0], (typeof shipment.packs)[0]];
  // Scans sent, by scanId: a call retried after a token refresh carries the same id.
  const scanCalls = new Set<string>();
  page.on('request', (r) => {
    if (r.url().endsWith('/api/scanForOperation')) scanCalls.add((JSON.parse(r.postData() ?? '{}') as { scanId: string }).scanId);
  });

  await login(page, 'rdc', 'rdc@demo.local');
  await expect(page).toHaveURL(/\/rdc$/);
  // Before receiving: search finds the pallet its supplier's notice announced, expected on the IBD (decision 0083).
  await page.goto('/rdc/searchPage');
  await page.getByRole('textbox', { name: 'SSCC or pack code' }).click();
  await sendScan(page, `]C100${pallet.sscc}`);
  const announced = page.getByRole('article', { name: `Pallet ${pallet.sscc}` }).getByTestId('announced');
  await expect(announced).toContainText('Announced, not yet received');
  await expect(announced).toContainText(`Expected on IBD No. ${IBD}.`);
  await page.goto('/rdc');
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Receive', exact: true }).click();
  await expect(page).toHaveURL(/\/rdc\/ibdList/);
  await expect(page.getByRole('heading', { level: 1, name: 'Receiving' })).toBeVisible();

  // The list search needs 5 characters.
  const search = page.getByRole('searchbox', { name: 'Search IBD No.' });
  await search.fill('1800');
  await search.press('Enter');
  await expect(page.getByText('Please enter at least 5 characters to search.')).toBeVisible();
  await search.fill(IBD);
  await search.press('Enter');
  const card = page.getByRole('link', { name: `IBD No. ${IBD}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Open');
  await card.click();

  await expect(page.getByRole('heading', { level: 1, name: 'IBD Details' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: /^Material No\. / })).toHaveCount(3);
  await page.getByRole('link', { name: 'Scan', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/rdc/scanPallet/${IBD}\\?p=IBD`));
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Item' })).toBeVisible();

  const [lineA, lineB, lineC] = await page
    .getByRole('region', { name: 'Lines' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')!.replace('Material No. ', '')));

  // A pallet, with its symbology identifier: 2 cartons x 3 packs.
  await scanAs(page, 'Pallet', `]C100${pallet.sscc}`);
  await expect(page.getByRole('status').filter({ hasText: 'accepted' })).toContainText(`Pallet ${pallet.sscc} accepted: 6 packs counted.`);
  await expect(lineProgress(page, lineA!)).toContainText('6 / 8');

  // A loose carton in human-readable form.
  await scanAs(page, 'Carton', `(00)${carton.sscc}`);
  await expect(page.getByRole('status').filter({ hasText: 'accepted' })).toContainText('4 packs counted');
  await expect(lineProgress(page, lineB!)).toContainText('4 / 4');

  // Two loose packs: a DataMatrix with a real group separator, then the <GS> textual form.
  await scanAs(page, 'Pack', `]d201${pack1.gtin}17280630${'10'}${pack1.batch}${GS}21${pack1.serial}`);
  await expect(page.getByRole('status').filter({ hasText: 'accepted' })).toContainText('1 pack counted');
  await expect(lineProgress(page, lineC!)).toContainText('1 / 2');
  await scanAs(page, 'Pack', `01${pack2.gtin}10${pack2.batch}<GS>21${pack2.serial}`);
  await expect(lineProgress(page, lineC!)).toContainText('2 / 2');
  expect(scanCalls.size).toBe(4);

  // A malformed code is refused in the browser: no call leaves.
  await scanAs(page, 'Pack', `01${pack2.gtin.slice(0, 13)}${(Number(pack2.gtin.at(-1)) + 1) % 10}21XYZ`);
  await expect(page.getByRole('alert')).toContainText('The check digit of (01) is wrong');
  expect(scanCalls.size).toBe(4);

  // A carton of another IBD, and the same pallet again.
  await scanAs(page, 'Carton', `00${foreign.cartons![0]!.sscc}`);
  await expect(page.getByRole('alert')).toContainText(`This item is not expected on IBD ${IBD}.`);
  await scanAs(page, 'Pallet', `00${pallet.sscc}`);
  await expect(page.locator('[data-outcome="duplicate"]')).toContainText(`This item has already been scanned on IBD ${IBD}.`);
  await expect(lineProgress(page, lineA!)).toContainText('6 / 8');

  // Delete a scanned pack, then scan it again.
  const units = page.getByRole('region', { name: 'Scanned units' });
  await expect(units.getByRole('listitem')).toHaveCount(4);
  await units.getByRole('button', { name: `Delete ${pack2.gtin}/${pack2.serial}` }).click();
  // The ✕ asks first: Keep changes nothing, Remove takes the pack off.
  const confirm = page.getByRole('dialog', { name: `Remove ${pack2.gtin}/${pack2.serial}?` });
  await confirm.getByRole('button', { name: 'Keep' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(lineProgress(page, lineC!)).toContainText('2 / 2');
  await expect(units.getByRole('listitem')).toHaveCount(4);
  await units.getByRole('button', { name: `Delete ${pack2.gtin}/${pack2.serial}` }).click();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'removed' })).toContainText('1 pack taken off');
  await expect(lineProgress(page, lineC!)).toContainText('1 / 2');
  await expect(units.getByRole('listitem')).toHaveCount(3);
  await scanAs(page, 'Pack', `01${pack2.gtin}21${pack2.serial}`);
  await expect(lineProgress(page, lineC!)).toContainText('2 / 2');

  // Complete on the details page: 2 packs never came, so line A records a shortage of 2.
  await page.getByRole('link', { name: 'IBD Details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'IBD Details' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete receiving?' });
  await expect(dialog).toContainText(`Receive ${IBD} with 12 of 14 packs scanned.`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Receive scans saved successfully!' })).toBeVisible();
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
  const shortage = page.getByRole('listitem', { name: `Material No. ${lineA}` });
  await expect(shortage).toContainText('Shortage Qty');
  await expect(page.getByRole('link', { name: 'Scan', exact: true })).toHaveCount(0);

  // Search: the pallet and a pack are ACTIVE / WAREHOUSE RECEIVED, with their history.
  await page.goto('/rdc/searchPage');
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  const field = page.getByRole('textbox', { name: 'SSCC or pack code' });
  await field.click();
  await sendScan(page, `]C100${pallet.sscc}`);
  const palletCard = page.getByRole('article', { name: `Pallet ${pallet.sscc}` });
  await expect(palletCard).toContainText('ACTIVE');
  await expect(palletCard).toContainText('WAREHOUSE RECEIVED');
  await expect(palletCard.getByRole('region', { name: 'History' })).toContainText(`IBD No. ${IBD} completed`);
  await expect(palletCard.getByRole('region', { name: 'Contents' }).getByRole('listitem')).toHaveCount(2);
  await expect(palletCard.getByTestId('announced')).toHaveCount(0);

  await field.click();
  await sendScan(page, `]d201${pack1.gtin}10${pack1.batch}${GS}21${pack1.serial}`);
  const packCard = page.getByRole('article', { name: `Pack ${pack1.gtin}/${pack1.serial}` });
  await expect(packCard).toContainText('ACTIVE');
  await expect(packCard.getByRole('region', { name: 'History' })).toContainText(`IBD No. ${IBD} completed`);

  // The pallet page lists its cartons.
  await page.goto(`/rdc/pallet/${pallet.sscc}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pallet Details' })).toBeVisible();
  await page.getByRole('tab', { name: 'Carton list' }).click();
  await expect(page).toHaveURL(/\/rdc\/pallet\/palletDetails\/cartonList\?sscc=/);
  await expect(page.getByRole('region', { name: 'Carton list' }).getByRole('listitem')).toHaveCount(2);
});
