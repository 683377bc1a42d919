import { expect, test, type Page } from '@playwright/test';
import { login } from './support.ts';

/**
 * A newcomer's first hour on a phone (issue 14): at 360 px the list, the details and the scan page of
 * a document show everything (no status badge cut short) and never scroll sideways; the back toggle
 * of a local scan page never leaves it blank. The demo IBD 1800000103 is In Progress (the longest
 * badge) with a pallet scanned; no journey changes it.
 */
const IBD = '1800000103';

async function expectNothingCutOff(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(clientWidth).toBe(360);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  // A badge whose label is narrower than its text shows 'IN PRO…'.
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll('.mantine-Badge-label')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
  );
  expect(clipped).toEqual([]);
}

test.describe('at phone width', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, 'rdc', 'rdc@demo.local');
    await expect(page).toHaveURL(/\/rdc$/);
  });

  test('at 360 px the list of documents is not cut off and does not scroll sideways', async ({ page }) => {
    await page.goto('/rdc/ibdList?status=In%20Progress');
    await expect(page.getByRole('link', { name: `IBD No. ${IBD}` })).toBeVisible();
    await expect(page.getByRole('link', { name: `IBD No. ${IBD}` }).getByText('In Progress')).toBeVisible();
    await expectNothingCutOff(page);
  });

  test('at 360 px the details of a document are not cut off and do not scroll sideways', async ({ page }) => {
    await page.goto(`/rdc/ibdNo/${IBD}`);
    await expect(page.getByText('In Progress').first()).toBeVisible();
    await expectNothingCutOff(page);
  });

  test('at 360 px the scan page is not cut off and does not scroll sideways', async ({ page }) => {
    await page.goto(`/rdc/scanPallet/${IBD}?p=IBD`);
    const units = page.getByRole('region', { name: 'Scanned units' });
    await expect(units.getByRole('listitem').first()).toBeVisible();
    await expectNothingCutOff(page);
  });
});

test('the back toggle of a local scan page hides the scan field but never leaves the page blank', async ({ page }) => {
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.goto('/ldc/ScanOperation/new?p=DECOMM');
  const number = page.getByRole('textbox', { name: 'SN No.' });
  await expect(number).toBeFocused();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(number).toHaveCount(0);
  await expect(
    page.getByRole('main').getByText('The scan field is hidden. Press Back again to leave this page, or show the field here.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Show scan field' }).click();
  await expect(number).toBeFocused();
});
