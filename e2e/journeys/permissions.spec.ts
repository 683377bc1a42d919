import { expect, test } from '@playwright/test';
import { ACCESS_TOKEN_SECONDS } from '../support/settings.ts';
import { expectRestricted, login, logout, openMenu } from './support.ts';

test('a viewer opening a page whose feature they lack sees the 403 page', async ({ page }) => {
  await login(page, 'ldc', 'viewer@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  // Lists and details are the viewer's; adding material or batch (CreateMaterialBatch) is not.
  await page.goto('/ldc/liteLists/RECEIVE%2B');
  await expect(page.getByRole('heading', { level: 1, name: 'Receive+ List' })).toBeVisible();
  await page.goto('/ldc/liteDetail/createMaterialOrBatch');
  await expectRestricted(page);
  await page.goto('/ldc/liteDetail/createMaterialOrBatch?docNo=D1&moduleID=RECEIVE%2B');
  await expectRestricted(page);
  // The viewer has no regional area at all.
  await page.goto('/rdc/ibdList');
  await expectRestricted(page);
});

test('viewer sees lists but no Scan, Complete or Delete controls', async ({ page }, testInfo) => {
  const ibdNo = '1800000201';
  await login(page, 'ldc', 'viewer@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.goto('/ldc/ibdList');
  await expect(page.getByRole('heading', { level: 1, name: 'IBD List' })).toBeVisible();
  const card = page.getByRole('link', { name: `IBD No. ${ibdNo}` });
  await expect(card).toBeVisible();
  // Filter is an action the viewer lacks: no filter controls; no Scan IBD No. either.
  await expect(page.getByRole('button', { name: 'Filter' })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Scan IBD No.' })).toHaveCount(0);

  await card.click();
  await expect(page).toHaveURL(new RegExp(`/ldc/ibdDetails/${ibdNo}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'IBD Details' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: /^Material No\. / })).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Scanned units' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Scan', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Scan', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Complete', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('viewer-ibd-details.png') });
  // Nor the scan page, where deleting lives: it needs the Scan action.
  await page.goto(`/ldc/ScanOperation/${ibdNo}?p=IBD`);
  await expectRestricted(page);

  // The local operator, on the same page, has Scan and Complete.
  await page.goto('/ldc');
  await logout(page);
  await expect(page).toHaveURL(/\/ldc\/login/);
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.goto(`/ldc/ibdDetails/${ibdNo}`);
  await expect(page.getByRole('heading', { level: 1, name: 'IBD Details' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Scan', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete', exact: true })).toBeVisible();
  await page.goto('/ldc/ibdList');
  await expect(page.getByRole('button', { name: 'Filter' })).toBeVisible();
});

test('a viewer has no Repack tile, and the repack, create pallet and print pages refuse them (decision 0057)', async ({ page }) => {
  await login(page, 'ldc', 'viewer@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  const tiles = page.getByRole('navigation', { name: 'Modules' });
  await expect(tiles.getByRole('link', { name: 'Receive', exact: true })).toBeVisible();
  await expect(tiles.getByRole('button', { name: 'Repack', exact: true })).toHaveCount(0);
  await openMenu(page);
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Receive', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Repack', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  for (const path of ['/ldc/repackOutsideDocsScanOperation', '/ldc/repackScanOperation/8000000201']) {
    await page.goto(path);
    await expectRestricted(page);
  }
  // The regional tools are not theirs either: no regional area at all.
  for (const path of ['/rdc/createPallet', '/rdc/printLabel', '/rdc/repackScan']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/restricted\?area=RDC$/);
  }
});

test('the menu shows Admin only to admins, and /admin refuses everyone else', async ({ page }) => {
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await openMenu(page);
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Receive', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin');
  await expectRestricted(page);
});

test('a reload after the access token expired keeps the user signed in through the refresh token', async ({ page }) => {
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.waitForTimeout(ACCESS_TOKEN_SECONDS * 1000 + 1500);
  await page.reload();
  await expect(page).toHaveURL(/\/ldc$/);
  await expect(page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Receive', exact: true })).toBeVisible();
});

test('logging out in one tab signs the other tab out', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  // A background tab gets no animation frames: the tab a person uses is the one in front.
  await first.bringToFront();
  await login(first, 'ldc', 'ldc@demo.local');
  await expect(first).toHaveURL(/\/ldc$/);
  await second.goto('/ldc/ibdList');
  await expect(second.getByRole('heading', { level: 1, name: 'IBD List' })).toBeVisible();

  await first.bringToFront();
  await logout(first);
  await expect(first).toHaveURL(/\/ldc\/login/);
  await expect(second).toHaveURL(/\/ldc\/login/);
  await expect(second.getByRole('button', { name: 'Login' })).toBeVisible();
  // And it stays signed out after a reload: the session ended on the server too.
  await second.goto('/ldc');
  await expect(second).toHaveURL(/\/ldc\/login/);
});
