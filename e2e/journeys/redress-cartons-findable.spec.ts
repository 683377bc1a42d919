import { expect, test } from '@playwright/test';
import { cartonLabelCode } from '@pharma/domain';
import { DEMO_INVENTORY } from '../../apps/server/src/seed/demo-documents.ts';
import { login } from './support.ts';

/**
 * Issue 27, "Redress cartons cannot be found" (decision 0061): the demo's redressed carton
 * 088812340004343853 (README) is found by the local search, its item details list its 4 packs and its
 * history, Scan Fill Data names it as the unit on record of its carton label, and a redressed pack's
 * page names it as the pack's parent.
 */
test('a redress carton is found with its packs, its history and as the parent of its packs', async ({ page }) => {
  const { completedCarton: sscc, completed: packs } = DEMO_INVENTORY.redressStock;
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);

  await page.goto('/ldc/searchPageLDC');
  const field = page.getByRole('textbox', { name: 'SSCC or pack code' });
  await field.fill(sscc);
  await field.press('Enter');
  const found = page.getByRole('article', { name: `Carton ${sscc}` });
  await expect(found).toBeVisible();
  await expect(found).toContainText('REDRESSED');
  await expect(page.getByText('No results found')).toHaveCount(0);

  await page.goto(`/ldc/itemDetails/${sscc}`);
  const card = page.getByRole('article', { name: `Carton ${sscc}` });
  await expect(card).toBeVisible();
  const contents = page.getByRole('region', { name: 'Contents' });
  await expect(contents).toContainText('Contents (4)');
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Created');

  // A pack's page, reached from the carton's contents, names the carton as its parent.
  const first = packs[0]!;
  await contents.getByRole('link', { name: new RegExp(first.serial) }).click();
  const pack = page.getByRole('article', { name: new RegExp(`^Pack .*${first.serial}`) });
  await expect(pack).toBeVisible();
  await expect(pack.getByRole('link', { name: `Carton ${sscc}` })).toBeVisible();
  await expect(pack.getByRole('region', { name: 'History' })).toContainText('Put in a redress carton');

  // Scan Fill Data: the carton label's fields, then the carton as the unit on record.
  await page.goto(
    `/ldc/scanFillData?code=${encodeURIComponent(cartonLabelCode({ cartonCode: sscc, gtin: packs[0]!.gtin, batchNo: packs[0]!.batch, qty: 4 }))}`,
  );
  await expect(page.getByRole('table', { name: 'Field' }).getByRole('row', { name: `(00) SSCC ${sscc}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unit on record' })).toBeVisible();
  await expect(page.getByRole('article', { name: `Carton ${sscc}` })).toBeVisible();
});
