import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { adminApi } from '../support/stage-ibd.ts';
import { login, untilServiceWorkerControls, sendScan } from './support.ts';

/**
 * Issue 27, 'On the floor' (decision 0065): Back never traps on a scan page, the first press on a local
 * one hiding the scan field and the next leaving, the browser's Back (a handheld's hardware key)
 * leaving at once, unsent scans still asking first; and the README's codes typed in order with no
 * unit type picked are each taken at their own level, the page's title following the picked type.
 */
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const STAMP = String(Date.now()).slice(-8);
const LOCAL_OBD = '8000000201';
const LOCAL_DETAILS = `/ldc/doDetails/OBD?docNo=${LOCAL_OBD}`;
const REGIONAL_IBD = '1800000101';
/** A pack code no unit carries (its GTIN is a demo material's): kept unsent while offline, never sent. */
const UNSENT = `]d201088812341007401728123110B2861435<GS>21BACK${STAMP}`;

/** The codes the README lists under a header line ('IBD 1800000101 (66 of 66):'), as it writes them. */
function readmeCodes(header: string): string[] {
  const lines = README.split('\n');
  const start = lines.findIndex((l) => l.startsWith(header));
  expect(start, header).toBeGreaterThan(0);
  const codes: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith(']')) break;
    codes.push(line);
  }
  return codes;
}

/** The unit a README code names, as the answer names it: an SSCC, or a pack's GTIN/serial. */
function unitIdOf(code: string): string {
  if (code.startsWith(']C100')) return code.slice(5);
  return `${code.slice(5, 19)}/${code.split('<GS>21')[1]}`;
}

/** The unit scan field, whichever unit type it is labelled with. */
const scanField = (page: Page) => page.getByRole('textbox', { name: /^Scan (Item|Pallet|Carton|Pack)$/ });
const back = (page: Page) => page.getByRole('button', { name: 'Back' }).click();
const hidden = (page: Page) =>
  page.getByRole('main').getByText('The scan field is hidden. Press Back again to leave this page, or show the field here.');

/** Taps a segment of the unit picker (Any, Pallet, Carton, Pack); the field takes the focus back. */
async function pickUnit(page: Page, label: string) {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();
  await expect(scanField(page)).toBeFocused();
}

async function type(page: Page, raw: string) {
  await sendScan(page, raw);
}

/** From the local OBD's details, its scan page by the 'Scan' link (an in-app step, as an operator takes it). */
async function openLocalScan(page: Page) {
  await page.getByRole('link', { name: 'Scan', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/ldc/ScanOperation/${LOCAL_OBD}\\?p=OBD$`));
  await expect(scanField(page)).toBeFocused();
}

async function openRegionalScan(page: Page) {
  await page.getByRole('link', { name: 'Scan', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/rdc/scanPallet/${REGIONAL_IBD}\\?p=IBD$`));
  await expect(scanField(page)).toBeFocused();
}

test('Back leaves a local scan page on the second press and a regional one on the first; the browser Back leaves at once', async ({
  page,
  browser,
}) => {
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.goto(LOCAL_DETAILS);
  await openLocalScan(page);

  // First Back: the field hides (spec point 2) and says what the next Back does; the second leaves.
  await back(page);
  await expect(hidden(page)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/ldc/ScanOperation/${LOCAL_OBD}`));
  await back(page);
  await expect(page).toHaveURL(new RegExp(`/ldc/doDetails/OBD\\?docNo=${LOCAL_OBD}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'OBD Details' })).toBeVisible();

  // Shown again by its button, the field hides on the next Back and the one after leaves.
  await openLocalScan(page);
  await back(page);
  await page.getByRole('button', { name: 'Show scan field' }).click();
  await expect(scanField(page)).toBeFocused();
  await back(page);
  await expect(hidden(page)).toBeVisible();
  await back(page);
  await expect(page).toHaveURL(new RegExp(`/ldc/doDetails/OBD\\?docNo=${LOCAL_OBD}$`));

  // The handheld's hardware Back key is the browser's: it leaves on the first press, field shown or hidden.
  await openLocalScan(page);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/ldc/doDetails/OBD\\?docNo=${LOCAL_OBD}$`));
  await openLocalScan(page);
  await back(page);
  await expect(hidden(page)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/ldc/doDetails/OBD\\?docNo=${LOCAL_OBD}$`));

  // Regional: the header's Back leaves at once; so does the browser's.
  const regional = await (await browser.newContext()).newPage();
  await login(regional, 'rdc', 'rdc@demo.local');
  await expect(regional).toHaveURL(/\/rdc$/);
  await regional.goto(`/rdc/ibdNo/${REGIONAL_IBD}`);
  await openRegionalScan(regional);
  await back(regional);
  await expect(regional).toHaveURL(new RegExp(`/rdc/ibdNo/${REGIONAL_IBD}$`));
  await openRegionalScan(regional);
  await regional.goBack();
  await expect(regional).toHaveURL(new RegExp(`/rdc/ibdNo/${REGIONAL_IBD}$`));
  await regional.context().close();
});

test('with unsent scans Back still asks first, on both areas and from the browser Back too', async ({ page, context, browser }) => {
  test.setTimeout(60_000);
  // The spec's question is the app's dialog; the browser's own confirm is only for a dialog chunk that could
  // not load. Playwright would dismiss one silently, so any is recorded and named should a step fail.
  const nativeConfirms: string[] = [];
  page.on('dialog', (dialog) => {
    nativeConfirms.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.goto(LOCAL_DETAILS);
  await untilServiceWorkerControls(page);
  await openLocalScan(page);
  // The dialog's chunk is fetched once the scan page has shown, while still online.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((r) => /leave-dialog/.test(r.name))))
    .toBe(true);
  await context.setOffline(true);
  await pickUnit(page, 'Pack');
  await type(page, UNSENT);
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending');

  const question = page.getByRole('dialog', { name: 'Unsent scans' });
  await back(page);
  await expect(hidden(page)).toBeVisible();
  await back(page);
  await expect(question)
    .toContainText('Data may be lost if you refresh/ exit the page. Do you still wish to proceed?')
    .catch((error: Error) => {
      throw new Error(`${error.message}\nThe browser's own dialogs seen: ${nativeConfirms.join(' | ') || 'none'}`);
    });
  expect(nativeConfirms).toEqual([]);
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`/ldc/ScanOperation/${LOCAL_OBD}`));
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending');
  // The browser's Back asks too.
  await page.goBack();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`/ldc/ScanOperation/${LOCAL_OBD}`));
  await back(page);
  await question.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(new RegExp(`/ldc/doDetails/OBD\\?docNo=${LOCAL_OBD}$`));

  const regionalContext = await browser.newContext();
  const regional = await regionalContext.newPage();
  await login(regional, 'rdc', 'rdc@demo.local');
  await expect(regional).toHaveURL(/\/rdc$/);
  await regional.goto(`/rdc/ibdNo/${REGIONAL_IBD}`);
  await untilServiceWorkerControls(regional);
  await openRegionalScan(regional);
  await regionalContext.setOffline(true);
  await pickUnit(regional, 'Pack');
  await type(regional, UNSENT);
  await expect(regional.getByTestId('pending-count')).toHaveText('1 pending');
  const asked = regional.getByRole('dialog', { name: 'Unsent scans' });
  await back(regional);
  await asked.getByRole('button', { name: 'Stay' }).click();
  await expect(regional).toHaveURL(new RegExp(`/rdc/scanPallet/${REGIONAL_IBD}`));
  await regional.goBack();
  await asked.getByRole('button', { name: 'Leave' }).click();
  await expect(regional).toHaveURL(new RegExp(`/rdc/ibdNo/${REGIONAL_IBD}$`));
  await regionalContext.close();
});

test('the title follows the picked unit type, a picked type is enforced, and picking adds no Back step', async ({ page }) => {
  await login(page, 'rdc', 'rdc@demo.local');
  await expect(page).toHaveURL(/\/rdc$/);
  await page.goto(`/rdc/ibdNo/${REGIONAL_IBD}`);
  await openRegionalScan(page);
  const title = (name: string) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const pick = (label: string) => pickUnit(page, label);

  await title('Scan Item');
  await expect(page.getByRole('radio', { name: 'Any', exact: true })).toBeChecked();
  await pick('Pack');
  await title('Scan Pack');
  await expect(page.getByRole('textbox', { name: 'Scan Pack' })).toBeFocused();
  await pick('Carton');
  await title('Scan Carton');
  await pick('Pallet');
  await title('Scan Pallet');
  await expect(page.getByRole('textbox', { name: 'Scan Pallet' })).toBeFocused();

  // A picked type is enforced as before: the README's carton is refused as a pallet, nothing counted.
  const [, carton] = readmeCodes(`IBD ${REGIONAL_IBD}`);
  await type(page, carton!);
  await expect(page.locator('[data-outcome="refused"]')).toContainText('This code is a carton, not a pallet.');

  await pick('Any');
  await title('Scan Item');
  await expect(page.getByRole('textbox', { name: 'Scan Item' })).toBeFocused();
  // Four picks, and Back still leaves in one press: a pick is no history step.
  await back(page);
  await expect(page).toHaveURL(new RegExp(`/rdc/ibdNo/${REGIONAL_IBD}$`));
});

test("the README's codes typed in order with no unit type picked are each taken at their level", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const regional = readmeCodes(`IBD ${REGIONAL_IBD}`);
  expect(regional).toHaveLength(8);
  await login(page, 'rdc', 'rdc@demo.local');
  await expect(page).toHaveURL(/\/rdc$/);
  await page.goto(`/rdc/ibdNo/${REGIONAL_IBD}`);
  await openRegionalScan(page);
  const accepted = page.locator('[data-outcome="accepted"]');
  const levels = ['Pallet', 'Carton', 'Pack', 'Pack', 'Pack', 'Pack', 'Pack', 'Pack'];
  for (const [i, code] of regional.entries()) {
    await type(page, code);
    await expect(accepted, code).toContainText(`${levels[i]} ${unitIdOf(code)} accepted`);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Item' })).toBeVisible();
  const api = await adminApi();
  const details = (await (await api.get(`/api/ibdNo/${REGIONAL_IBD}`)).json()) as { data: { scannedQuantity: number }[] };
  expect(details.data.reduce((n, l) => n + l.scannedQuantity, 0)).toBe(66);
  await api.dispose();

  // The local OBD of the README, on the local scan page ('Scan Code', the spec's title): a carton, then packs.
  const local = await (await browser.newContext()).newPage();
  await login(local, 'ldc', 'ldc@demo.local');
  await expect(local).toHaveURL(/\/ldc$/);
  await local.goto(LOCAL_DETAILS);
  await openLocalScan(local);
  await expect(local.getByRole('heading', { level: 1, name: 'Scan Code' })).toBeVisible();
  const localCodes = readmeCodes(`OBD ${LOCAL_OBD}`);
  expect(localCodes).toHaveLength(5);
  for (const [i, code] of localCodes.entries()) {
    await type(local, code);
    await expect(local.locator('[data-outcome="accepted"]'), code).toContainText(
      `${i === 0 ? 'Carton' : 'Pack'} ${unitIdOf(code)} accepted`,
    );
  }
  await local.context().close();
});
