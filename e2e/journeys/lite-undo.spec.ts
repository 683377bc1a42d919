import { expect, test, type Page } from '@playwright/test';
import { scanLiteCode } from '../../apps/server/src/seed/demo-documents.ts';
import { DOC_DATE, type Product } from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort, demoProducts } from '../support/stage-ibd.ts';
import { completeDocument, login, sendScan } from './support.ts';

/**
 * ScanLite's undo (issue 27, decision 0066): an operator counts packs on a ScanLite OBD, sees each count
 * listed under its line (the pack's GTIN and batch, how many, who, when), sees 'Quantity exceeded' with
 * the numbers when a pack is one too many, removes a mistaken count (asked first), and the line's figure
 * and the list follow at once; once the document is completed no count can be removed.
 */
const STAMP = String(Date.now()).slice(-8);
const DOC = `95${STAMP}`;
let counted: Product;

test.beforeAll(async () => {
  const api = await adminApi();
  const products = await demoProducts(api, `U${STAMP.slice(-5)}`);
  counted = { ...products[2]!, batch: `UD${STAMP.slice(-6)}` };
  await apiPort(api, 'LDC').putDocument('SCANLITE', DOC, {
    warehouseNo: 'W3010',
    date: DOC_DATE,
    lines: [{ lineNo: 10, materialNo: counted.materialNo, batchNo: counted.batch, quantity: 2 }],
  });
  await api.dispose();
});

async function count(page: Page, raw: string) {
  const field = page.getByRole('textbox', { name: 'Scan pack code (GTIN and batch)' });
  await field.click();
  await sendScan(page, raw);
}

test('an operator counts packs on ScanLite, sees them listed by line, removes a mistaken count, and the figures follow', async ({
  page,
}, testInfo) => {
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.goto(`/ldc/scanLiteScanOperation/${DOC}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Item' })).toBeVisible();
  const scans = page.getByRole('region', { name: 'Scans by line' });
  const line = scans.getByRole('region', { name: `Scans of ${counted.materialNo} / ${counted.batch}` });
  const progress = page.getByRole('region', { name: 'Lines' }).getByTestId('line-progress');
  // A counted pack (no serial) as the glossary writes it: 'GTIN batch B…', never '(01)…(10)…'.
  const pack = `${counted.gtin} batch ${counted.batch}`;
  await expect(scans.getByText('No items added yet!')).toBeVisible();
  // The page's settings and lists loaded: nothing re-renders the field while a code is typed.
  await page.waitForLoadState('networkidle');

  const code = scanLiteCode(counted);
  await count(page, code);
  await expect(page.locator('[data-outcome="accepted"]')).toContainText(`Pack ${pack} accepted: 1 pack counted.`);
  await count(page, code);
  await expect(progress).toContainText('2 / 2');
  // Each count under its line: the pack, how many, who, when.
  await expect(line.getByRole('listitem')).toHaveCount(2);
  await expect(line.getByRole('listitem').first()).toContainText(pack);
  await expect(line.getByRole('listitem').first()).toContainText(/1 pack · Lina Local · \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(line.getByTestId('line-scanned')).toHaveText('2 of 2 scanned');

  // One too many: the spec's sentence and the numbers beside it.
  await count(page, code);
  await expect(page.locator('[data-outcome="refused"]')).toContainText(
    `Quantity exceeded: 2 expected, 2 already scanned, this scan 1 (material ${counted.materialNo}, batch ${counted.batch}).`,
  );
  await page.screenshot({ path: testInfo.outputPath('lite-undo-counted.png') });

  // Remove one: asked first, then the line's figure and the list follow at once.
  await line
    .getByRole('button', { name: new RegExp(`^Remove ${escape(pack)} scanned at `) })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `Remove ${pack}?` });
  await expect(dialog).toContainText(`by Lina Local`);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(scans.getByRole('status').filter({ hasText: 'Item removed successfully' })).toBeVisible();
  // The feedback banner says what was taken off (the refusal before it is gone).
  await expect(page.getByRole('status').filter({ hasText: `Pack ${pack} removed: 1 pack taken off.` })).toBeVisible();
  await expect(page.locator('[data-outcome="refused"]')).toHaveCount(0);
  await expect(progress).toContainText('1 / 2');
  await expect(line.getByRole('listitem')).toHaveCount(1);
  await expect(line.getByTestId('line-scanned')).toHaveText('1 of 2 scanned');
  await page.screenshot({ path: testInfo.outputPath('lite-undo-removed.png'), fullPage: true });

  // The room is back; the details page lists the same counts.
  await count(page, code);
  await expect(progress).toContainText('2 / 2');
  await expect(line.getByRole('listitem')).toHaveCount(2);
  await completeDocument(page, 'OBD Details', 'Complete dispatch?', 'GI scan saved successfully!');
  const after = page
    .getByRole('region', { name: 'Scans by line' })
    .getByRole('region', { name: `Scans of ${counted.materialNo} / ${counted.batch}` });
  await expect(after.getByRole('listitem')).toHaveCount(2);
  // Completed: no count can be removed any more.
  await expect(after.getByRole('button', { name: /^Remove / })).toHaveCount(0);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
