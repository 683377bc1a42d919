import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_INVENTORY } from '../../apps/server/src/seed/demo-documents.ts';
import { login } from './support.ts';

/**
 * Issue 18: a regional operator makes a new pallet SSCC from the home tile and downloads its label as
 * ZPL for a Zebra printer; then reprints the label of a carton of the stock as a PDF from 'Print new label'.
 */
test('create a new pallet SSCC and download its ZPL label', async ({ page }) => {
  await login(page, 'rdc', 'rdc@demo.local');
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Create New Pallet SSCC' }).click();
  await expect(page).toHaveURL(/\/rdc\/createPallet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Repack - Create Pallet' })).toBeVisible();
  await page.getByText('Pallet', { exact: true }).click();
  await page.getByRole('button', { name: 'Create New Pallet SSCC' }).click();
  await expect(page.getByRole('status')).toContainText(/New Pallet SSCC 50614141\d{10} created\./);
  const sscc = (await page.getByTestId('new-sscc').textContent())!.trim();
  expect(sscc).toMatch(/^50614141\d{10}$/);

  await page.getByRole('combobox', { name: 'Output' }).click();
  await page.getByRole('option', { name: 'ZPL, 203 dpi (Zebra)' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Print the label of ${sscc}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${sscc}.zpl`);
  const zpl = readFileSync((await file.path())!, 'utf8');
  // The SSCC as GS1-128: start C, FNC1, (00) and the 18 digits in pairs (ZPL ^BC mode N).
  expect(zpl).toContain(`^FD>;>800${sscc}^FS`);
  await expect(page.getByRole('status').last()).toHaveText(`Label of ${sscc} downloaded (${sscc}.zpl).`);
});

test('reprint the label of a stock carton as a PDF from Print new label', async ({ page }) => {
  const carton = DEMO_INVENTORY.stock.damagedCarton;
  await login(page, 'rdc', 'rdc@demo.local');
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Print new label' }).click();
  await expect(page).toHaveURL(/\/rdc\/printLabel$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Print new label' })).toBeVisible();

  const field = page.getByRole('textbox', { name: 'SSCC' });
  await field.fill('123');
  await page.getByRole('button', { name: 'Print label' }).click();
  await expect(page.getByText('Enter the 18 digits of an SSCC, or scan its label.')).toBeVisible();

  // Scanned as a scanner types the SSCC label: ]C1, (00) and the digits.
  await field.fill(`]C100${carton.sscc}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print label' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${carton.sscc}.pdf`);
  expect(
    readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await expect(page.getByRole('status')).toHaveText(`Label of ${carton.sscc} downloaded (${carton.sscc}.pdf).`);
});
