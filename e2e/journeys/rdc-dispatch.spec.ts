import { expect, test } from '@playwright/test';
import { fullModuleGrant } from '../../packages/domain/src/permissions.ts';
import { CodeMaker, type CartonSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { putDocumentFor, receiveIbd } from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort, demoProducts } from '../support/stage-ibd.ts';
import { actedCalls, expectRestricted, login, PASSWORD, scanAs, uniqueEmail } from './support.ts';

/**
 * Regional dispatch through the same documents feature as receiving (decision 0015): stock is
 * received through the API, an OBD for its newer batch comes from the ERP, and an operator
 * dispatches it on a handheld: the first-expiry-first-out advice shows with the accepted scan, a
 * delete takes the carton off, and completion answers the spec's message. The scan route's
 * permission follows ?p=: a receiving clerk may scan IBDs, not OBDs.
 */
const STAMP = String(Date.now()).slice(-8);
const IBD = `11${STAMP}`;
const OBD = `81${STAMP}`;
// Extension digit 8: SSCCs and serials apart from the other journeys'.
const codes = new CodeMaker(Number(STAMP.slice(-6)), '8');
const material = { materialNo: '', gtin: '' };
let newer: { batch: string; expiry: string };
let older: { batch: string; expiry: string };
let carton: CartonSpec;

test.beforeAll(async () => {
  const api = await adminApi();
  const [first] = await demoProducts(api, `D${STAMP.slice(-5)}`);
  Object.assign(material, { materialNo: first!.materialNo, gtin: first!.gtin });
  // In stock: a carton of a newer batch, to dispatch, and two packs of an older one (first expiry, first out).
  newer = { batch: `${first!.batch}N`, expiry: '2028-03-31' };
  older = { batch: `${first!.batch}O`, expiry: '2027-02-28' };
  carton = codes.carton(3, { gtin: material.gtin, ...newer });
  const olderPacks = codes.packs(2, { gtin: material.gtin, ...older });
  await receiveIbd(apiPort(api), IBD, { cartons: [carton], packs: olderPacks }, [material]);
  await putDocumentFor(apiPort(api), 'OBD', OBD, [carton], [material], { date: '2026-11-23' });
  await api.dispose();
});

test('an RDC operator dispatches an OBD: first-expiry-first-out advice, delete, complete', async ({ page }, testInfo) => {
  const acted = actedCalls(page, /^\/api\/(scanForOperation|reverseOperation|completeDispatch)$/);
  await login(page, 'rdc', 'rdc@demo.local');
  await expect(page).toHaveURL(/\/rdc$/);
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Dispatch', exact: true }).click();
  await expect(page).toHaveURL(/\/rdc\/obdList/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dispatch' })).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search OBD No.' });
  await search.fill(OBD);
  await search.press('Enter');
  const card = page.getByRole('link', { name: `OBD No. ${OBD}` });
  await expect(card).toContainText('Qty Dispatched');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/rdc/obdNo/${OBD}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'OBD Details' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: `Material No. ${material.materialNo}` })).toContainText('Qty Dispatched');

  await page.getByRole('link', { name: 'Scan', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/rdc/scanPallet/${OBD}\\?p=OBD`));
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Item' })).toBeVisible();
  const progress = page.getByRole('region', { name: 'Lines' }).getByTestId('line-progress');

  // Accepted, with the advice to take the older batch first.
  await scanAs(page, 'Carton', `00${carton.sscc}`);
  await expect(page.locator('[data-outcome="accepted"]')).toContainText(`Carton ${carton.sscc} accepted: 3 packs counted.`);
  const advice = page.getByTestId('scan-advice');
  await expect(advice).toContainText(`Batch ${older.batch} of material ${material.materialNo} expires earlier (${older.expiry})`);
  await expect(progress).toContainText('3 / 3');
  await page.screenshot({ path: testInfo.outputPath('dispatch-advice.png') });
  await advice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(advice).toHaveCount(0);

  // Deleted and scanned again.
  const units = page.getByRole('region', { name: 'Scanned units' });
  await units.getByRole('button', { name: `Delete ${carton.sscc}` }).click();
  await page
    .getByRole('dialog', { name: `Remove ${carton.sscc}?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.locator('[data-outcome="removed"]')).toContainText('3 packs taken off');
  await expect(progress).toContainText('0 / 3');
  await scanAs(page, 'Carton', `00${carton.sscc}`);
  await expect(progress).toContainText('3 / 3');

  await page.getByRole('link', { name: 'OBD Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/rdc/obdNo/${OBD}$`));
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete dispatch?' });
  await expect(dialog).toContainText(`Dispatch ${OBD} with 3 of 3 packs scanned.`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'GI scan saved successfully!' })).toBeVisible();
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Scan', exact: true })).toHaveCount(0);

  // Every scan, delete and completion named the dispatch document.
  const calls = acted();
  const scans = calls.filter((c) => /scanForOperation|reverseOperation/.test(c));
  expect(scans.length).toBe(3);
  for (const call of scans) expect(call).toContain(`"docType":"OBD","docNo":"${OBD}"`);
  expect(calls.filter((c) => c.startsWith('/api/completeDispatch'))).toEqual([`/api/completeDispatch {"obdNo":"${OBD}"}`]);
});

test("the scan route's permission follows its family: a receiving clerk scans IBDs, not OBDs", async ({ page }) => {
  const api = await adminApi();
  const role = await api.post('/api/admin/roles', {
    data: {
      name: `Receiving only ${STAMP}`,
      areas: ['RDC'],
      applications: [{ application: 'RDC', modules: [fullModuleGrant('RECEIVE')] }],
      rights: [],
    },
  });
  expect(role.status(), await role.text()).toBe(201);
  const email = uniqueEmail('receiver');
  const { id } = (await role.json()) as { id: string };
  const user = await api.post('/api/admin/users', {
    data: { email, firstName: 'Rita', lastName: 'Receiver', password: PASSWORD, roleIds: [id] },
  });
  expect(user.status(), await user.text()).toBe(201);
  await api.dispose();

  await login(page, 'rdc', email);
  await expect(page).toHaveURL(/\/rdc$/);
  const tiles = page.getByRole('navigation', { name: 'Modules' });
  await expect(tiles.getByRole('link', { name: 'Receive', exact: true })).toBeVisible();
  await expect(tiles.getByRole('link', { name: 'Dispatch', exact: true })).toHaveCount(0);
  await page.goto('/rdc/scanOperation/new?p=IBD');
  await expect(page.getByRole('heading', { level: 1, name: 'Scan IBD No.' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'IBD No.' })).toBeVisible();
  await page.goto('/rdc/scanOperation/new?p=OBD');
  await expectRestricted(page);
  await page.goto(`/rdc/scanPallet/${OBD}?p=OBD`);
  await expectRestricted(page);
  await page.goto('/rdc/obdList');
  await expectRestricted(page);
});
