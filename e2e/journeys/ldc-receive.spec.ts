import { expect, test } from '@playwright/test';
import { CodeMaker, type CartonSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { DEMO_IBDS, DEMO_INVENTORY } from '../../apps/server/src/seed/demo-documents.ts';
import { stageIbd } from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort, demoProducts } from '../support/stage-ibd.ts';
import { login, scanAs, sendScan } from './support.ts';

/**
 * Local receiving (decision 0012): the same receive screens under /ldc, every call with
 * `?area=LDC`, the scan on the local scan route, whose back button hides and shows the scan view.
 */
const DEMO_IBD = DEMO_IBDS.local;
const STAMP = String(Date.now()).slice(-8);
const OWN_IBD = `17${STAMP}`;
// Extension digit 7: SSCCs apart from the demo seed's and the other journeys'.
const codes = new CodeMaker(Number(STAMP.slice(-6)), '7');
const demoCarton = DEMO_INVENTORY.ibds.local.cartons![0]!.sscc;
let own: CartonSpec;

test.beforeAll(async () => {
  const api = await adminApi();
  // The demo carton is one the server knows, in the local area.
  const found = await api.get(`/api/searchSSCC/${demoCarton}?area=LDC`);
  expect(found.status(), `demo carton ${demoCarton}: ${await found.text()}`).toBe(200);
  const [, , product] = await demoProducts(api, `L${STAMP.slice(-5)}`);
  own = codes.carton(3, product!);
  await stageIbd(apiPort(api), OWN_IBD, { cartons: [own] }, [product!], { warehouseNo: 'W3010' });
  await api.dispose();
});

test('a local operator opens the IBD List, scans a carton of the demo IBD and sees the count move', async ({ page }, testInfo) => {
  const receiveCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(ibdList|ibdNo|scanForOperation)/.test(r.url())) receiveCalls.push(r.url());
  });
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Receive', exact: true }).click();
  await expect(page).toHaveURL(/\/ldc\/ibdList/);
  await expect(page.getByRole('heading', { level: 1, name: 'IBD List' })).toBeVisible();
  // Only the local area's documents: the regional demo IBDs are not listed.
  await expect(page.getByRole('link', { name: `IBD No. ${DEMO_IBD}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'IBD No. 1800000101' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('ldc-ibd-list.png') });

  await page.getByRole('link', { name: `IBD No. ${DEMO_IBD}` }).click();
  await expect(page).toHaveURL(new RegExp(`/ldc/ibdDetails/${DEMO_IBD}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'IBD Details' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: /^Material No\. / })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Complete', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Scan', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/ldc/ScanOperation/${DEMO_IBD}\\?p=IBD`));
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Code' })).toBeVisible();
  const progress = page.getByRole('region', { name: 'Lines' }).getByTestId('line-progress');
  await expect(progress).toHaveText(['0 / 20 (Qty Left 20)', '0 / 20 (Qty Left 20)']);
  await scanAs(page, 'Carton', `00${demoCarton}`);
  await expect(page.locator('[data-outcome="accepted"]')).toContainText(`Carton ${demoCarton} accepted: 20 packs counted.`);
  await expect(page.getByTestId('scanned-count')).toHaveText('1 scanned');
  await expect(progress.filter({ hasText: '20 / 20' })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Scanned units' }).getByRole('listitem')).toHaveCount(1);

  // On a local scan page the back button hides the scan view (spec point 2); 'Show scan field' shows it
  // again, and a second Back would leave (issue 27: e2e/journeys/back-and-levels.spec.ts).
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('textbox', { name: 'Scan Carton' })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/ldc/ScanOperation/${DEMO_IBD}`));
  await page.getByRole('button', { name: 'Show scan field' }).click();
  await expect(page.getByRole('textbox', { name: 'Scan Carton' })).toBeFocused();

  // Every receiving call named the local area.
  expect(receiveCalls.length).toBeGreaterThan(2);
  expect(receiveCalls.filter((url) => !url.includes('area=LDC'))).toEqual([]);
});

test('a local operator scans an IBD No., receives its carton and completes it; a regional IBD is not found', async ({ page }) => {
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.goto('/ldc/ibdList');
  await page.getByRole('link', { name: 'Scan IBD No.' }).click();
  await expect(page).toHaveURL(/\/ldc\/ScanOperation\/new\?p=IBD/);
  const number = page.getByRole('textbox', { name: 'IBD No.' });
  await expect(number).toBeFocused();
  // A regional document does not exist for the local area.
  await sendScan(page, '1800000101');
  await expect(page.getByText('IBD 1800000101 does not exist.')).toBeVisible();
  await number.fill('');
  await sendScan(page, OWN_IBD);
  await expect(page).toHaveURL(new RegExp(`/ldc/ScanOperation/${OWN_IBD}\\?p=IBD`));

  await scanAs(page, 'Carton', `00${own.sscc}`);
  await expect(page.locator('[data-outcome="accepted"]')).toContainText('3 packs counted');
  await expect(page.getByRole('region', { name: 'Lines' }).getByTestId('line-progress')).toContainText('3 / 3');

  await page.getByRole('link', { name: 'IBD Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/ldc/ibdDetails/${OWN_IBD}$`));
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete receiving?' });
  await expect(dialog).toContainText(`Receive ${OWN_IBD} with 3 of 3 packs scanned.`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Receive scans saved successfully!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Scan', exact: true })).toHaveCount(0);
});
