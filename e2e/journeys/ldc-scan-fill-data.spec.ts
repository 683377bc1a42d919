import { expect, test } from '@playwright/test';
import { DEMO_INVENTORY } from '../../apps/server/src/seed/demo-documents.ts';
import { login, sendScan } from './support.ts';

/**
 * /ldc/scanFillData (decision 0028): a local operator reaches the label reader from the search entry of
 * the local menu, scans the demo's damaged carton label and sees every field it carries, then the
 * carton as this site knows it, its packs linking to local pages; a code naming no unit says so.
 */
test('a local operator reads a carton label field by field and finds the carton it names', async ({ page }) => {
  const carton = DEMO_INVENTORY.localStock.damagedCarton;
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/ldc\/searchPageLDC$/);
  await page.getByRole('link', { name: 'Read a label field by field (Scan Fill Data)' }).click();
  await expect(page).toHaveURL(/\/ldc\/scanFillData$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Fill Data' })).toBeVisible();

  const field = page.getByRole('textbox', { name: 'Label code' });
  await field.click();
  await sendScan(page, `]C100${carton.sscc}`);
  await expect(page).toHaveURL(/\/ldc\/scanFillData\?code=/);
  const table = page.getByRole('table', { name: 'Field' });
  await expect(table.getByRole('row', { name: `(00) SSCC ${carton.sscc}` })).toBeVisible();
  const card = page.getByRole('article', { name: `Carton ${carton.sscc}` });
  await expect(card).toContainText('DAMAGED');
  // Its packs link to local pages (a local user is never sent to a regional one).
  const pack = card.getByRole('link').first();
  await pack.click();
  await expect(page).toHaveURL(/\/ldc\//);
  await expect(page.getByText('You do not have permission to view this page.')).toHaveCount(0);

  // A code naming no unit (GTIN and batch only): its fields, and nothing to look up.
  const product = carton.packs[0]!;
  await page.goto(`/ldc/scanFillData?code=${encodeURIComponent(`01${product.gtin}10${product.batch}`)}`);
  await expect(
    page.getByRole('table', { name: 'Field' }).getByRole('row', { name: `(10) Batch/lot number ${product.batch}` }),
  ).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'This code names no pallet, carton or serialised pack: nothing to look up.' }),
  ).toBeVisible();
});
