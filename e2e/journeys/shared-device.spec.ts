import { expect, test, type Page } from '@playwright/test';
import { fullModuleGrant } from '../../packages/domain/src/permissions.ts';
import { CodeMaker, type PackSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { stageIbd } from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort, demoProducts, packCode } from '../support/stage-ibd.ts';
import { login, logout, PASSWORD, uniqueEmail, untilServiceWorkerControls, sendScan } from './support.ts';

/**
 * Shared devices (decision 0026, EU GMP Annex 11): two operators take turns on one handheld with
 * scans queued offline in between. Every scan is recorded under the operator who read it, none is
 * lost; the next operator sees the other's scans waiting by name and never sends them.
 */
const STAMP = String(Date.now()).slice(-8);
const IBD = `16${STAMP}`;
// Extension digit 9: SSCCs and serials apart from the other journeys'.
const codes = new CodeMaker(Number(STAMP.slice(-6)), '9');
const ann = { email: uniqueEmail('ann'), firstName: 'Ann', lastName: 'Early' };
const ben = { email: uniqueEmail('ben'), firstName: 'Ben', lastName: 'Late' };
let packs: PackSpec[];

test.beforeAll(async () => {
  const api = await adminApi();
  const [a] = await demoProducts(api, `S${STAMP.slice(-5)}`);
  packs = codes.packs(5, a!);
  await stageIbd(apiPort(api), IBD, { packs }, [a!]);
  const role = await api.post('/api/admin/roles', {
    data: {
      name: `Shared handheld ${STAMP}`,
      areas: ['RDC'],
      applications: [{ application: 'RDC', modules: [fullModuleGrant('RECEIVE')] }],
      rights: [],
    },
  });
  expect(role.status(), await role.text()).toBe(201);
  const { id } = (await role.json()) as { id: string };
  for (const user of [ann, ben]) {
    const res = await api.post('/api/admin/users', { data: { ...user, password: PASSWORD, roleIds: [id] } });
    expect(res.status(), await res.text()).toBe(201);
  }
  await api.dispose();
});

async function openPackScan(page: Page, email: string) {
  await login(page, 'rdc', email);
  await expect(page).toHaveURL(/\/rdc$/);
  await page.goto(`/rdc/scanPallet/${IBD}?p=IBD`);
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Item' })).toBeVisible();
  await untilServiceWorkerControls(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Item' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  await choosePack(page);
}

async function choosePack(page: Page) {
  await page
    .locator('label')
    .filter({ hasText: /^Pack$/ })
    .click();
  const field = page.getByRole('textbox', { name: 'Scan Pack' });
  await field.focus();
  await expect(field).toBeFocused();
}

async function scan(page: Page, pack: PackSpec) {
  await sendScan(page, packCode(pack));
}

/** Signs out with unsent scans: the spec's question first, then leave; the scans stay on the device. */
async function signOutAnyway(page: Page) {
  await logout(page);
  const ask = page.getByRole('dialog', { name: 'Unsent scans' });
  await expect(ask).toContainText('Data may be lost if you refresh/ exit the page. Do you still wish to proceed?');
  await ask.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/rdc\/login$/);
}

/** Who the server recorded as having scanned each pack, as search shows a unit's history. */
async function recordedBy(pack: PackSpec): Promise<string | null | undefined> {
  const api = await adminApi();
  const res = await api.get(`/api/serialSearch/${encodeURIComponent(pack.serial)}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { history: { by: string | null }[] }[] };
  await api.dispose();
  return body.data[0]?.history.at(-1)?.by;
}

test('two operators on one handheld, scans queued offline in between: each recorded under its maker, none lost', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const pending = page.getByTestId('pending-count');
  const waiting = page.getByTestId('others-waiting');
  const sent: { scanId: string; userId?: string }[] = [];
  context.on('response', (r) => {
    if (r.url().endsWith('/api/scanForOperation') && r.status() === 200) sent.push(JSON.parse(r.request().postData() ?? '{}'));
  });

  // Ann scans two packs with no network and signs out before it comes back.
  await openPackScan(page, ann.email);
  await context.setOffline(true);
  await scan(page, packs[0]!);
  await scan(page, packs[1]!);
  await expect(pending).toHaveText('2 pending');
  await signOutAnyway(page);
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(waiting).toHaveText('2 scans of Ann Early waiting to be sent');
  // The sign-out had no network, so Ann's cookies were not cleared; a reload does not bring her back.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await expect(waiting).toHaveText('2 scans of Ann Early waiting to be sent');

  // Ben signs in: Ann's scans wait for Ann, shown by name; his own go out under him.
  await openPackScan(page, ben.email);
  await expect(waiting).toHaveText('2 scans of Ann Early waiting to be sent');
  await expect(pending).toHaveCount(0);
  await scan(page, packs[2]!);
  await expect(page.getByTestId('scanned-count')).toHaveText('1 scanned');
  await context.setOffline(true);
  await scan(page, packs[3]!);
  await expect(pending).toHaveText('1 pending');
  await page.screenshot({ path: testInfo.outputPath('ben-offline.png') });
  await signOutAnyway(page);
  await context.setOffline(false);
  expect(await recordedBy(packs[2]!)).toBe(ben.email);
  expect(await recordedBy(packs[0]!)).not.toBe(ben.email);
  expect(await recordedBy(packs[3]!)).not.toBe(ben.email);

  // Ann signs in again: her two scans go out under her; Ben's one waits for him.
  await openPackScan(page, ann.email);
  await expect(waiting).toHaveText('1 scan of Ben Late waiting to be sent');
  await expect(async () => {
    expect(await recordedBy(packs[0]!)).toBe(ann.email);
    expect(await recordedBy(packs[1]!)).toBe(ann.email);
  }).toPass({ timeout: 15_000 });
  expect(await recordedBy(packs[3]!)).not.toBe(ann.email);
  // The page redrew with the answers to Ann's queued scans: choose Pack again.
  await choosePack(page);
  await scan(page, packs[4]!);
  await expect(page.locator('[data-outcome]')).not.toContainText('Refused');
  await expect(async () => expect(await recordedBy(packs[4]!)).toBe(ann.email)).toPass({ timeout: 15_000 });

  // Ben signs in again: his queued scan goes out under him; nothing is left on the device.
  await logout(page);
  await expect(page).toHaveURL(/\/rdc\/login$/);
  await openPackScan(page, ben.email);
  await expect(async () => expect(await recordedBy(packs[3]!)).toBe(ben.email)).toPass({ timeout: 15_000 });
  await expect(waiting).toHaveCount(0);
  await expect(pending).toHaveCount(0);

  // Every pack counted once, and every request named the user it was recorded under.
  const api = await adminApi();
  const details = (await (await api.get(`/api/ibdNo/${IBD}`)).json()) as { document: { scannedQuantity: number } };
  await api.dispose();
  expect(details.document.scannedQuantity).toBe(5);
  // A scan in flight when the page reloads is sent again with its scanId (counted once, decision 0009).
  expect(new Set(sent.map((s) => s.scanId)).size).toBe(5);
  expect(sent.every((s) => typeof s.userId === 'string')).toBe(true);
});
