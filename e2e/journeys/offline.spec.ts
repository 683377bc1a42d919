import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { CodeMaker, type PackSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { stageIbd } from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort, demoProducts, packCode } from '../support/stage-ibd.ts';
import { login, untilServiceWorkerControls, sendScan } from './support.ts';

/**
 * No scan lost when the network drops (decision 0009): scans read offline wait in IndexedDB,
 * survive a reload served by the service worker, and reach the server exactly once, in order,
 * when the network is back; a refusal that comes back then is listed until acknowledged.
 */
const STAMP = String(Date.now()).slice(-8);
const IBD = `14${STAMP}`;
const SMALL_IBD = `13${STAMP}`;
const OTHER_IBD = `12${STAMP}`;
// Extension digit 6: SSCCs and serials apart from the other journeys'.
const codes = new CodeMaker(Number(STAMP.slice(-6)), '6');
let packs: PackSpec[];
let small: PackSpec[];
let foreign: PackSpec;

test.beforeAll(async () => {
  const api = await adminApi();
  const [a, b] = await demoProducts(api, `O${STAMP.slice(-5)}`);
  packs = codes.packs(50, a!);
  small = codes.packs(2, b!);
  foreign = codes.packs(1, b!)[0]!;
  await stageIbd(apiPort(api), IBD, { packs }, [a!]);
  await stageIbd(apiPort(api), SMALL_IBD, { packs: small }, [b!]);
  await stageIbd(apiPort(api), OTHER_IBD, { packs: [foreign] }, [b!]);
  await api.dispose();
});

/** Signs in, opens the pack scan of an IBD and waits until the service worker controls the page. */
async function openPackScan(page: Page, ibdNo: string) {
  await login(page, 'rdc', 'rdc@demo.local');
  await expect(page).toHaveURL(/\/rdc$/);
  await page.goto(`/rdc/scanPallet/${ibdNo}?p=IBD`);
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Item' })).toBeVisible();
  await untilServiceWorkerControls(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Item' })).toBeVisible();
  await page
    .locator('label')
    .filter({ hasText: /^Pack$/ })
    .click();
  await expect(page.getByRole('textbox', { name: 'Scan Pack' })).toBeFocused();
}

async function scan(page: Page, code: string) {
  await sendScan(page, code);
}

/** Scan calls seen by the browser, by scanId: a call retried after a token refresh carries the same id. */
function watchScans(context: BrowserContext) {
  const answered = new Map<string, number>();
  context.on('response', (r) => {
    if (!r.url().endsWith('/api/scanForOperation') || r.status() === 401) return;
    const { scanId } = JSON.parse(r.request().postData() ?? '{}') as { scanId: string };
    answered.set(scanId, (answered.get(scanId) ?? 0) + 1);
  });
  return answered;
}

async function scannedOnServer(ibdNo: string) {
  const api = await adminApi();
  const res = await api.get(`/api/ibdNo/${ibdNo}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { document: { scannedQuantity: number }; data: { scannedQuantity: number }[] };
  await api.dispose();
  return { document: body.document.scannedQuantity, lines: body.data.reduce((sum, l) => sum + l.scannedQuantity, 0) };
}

test('50 scans read offline survive a reload and reach the server exactly once when the network is back', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const answered = watchScans(context);
  await openPackScan(page, IBD);
  const pending = page.getByTestId('pending-count');

  await context.setOffline(true);
  for (const [i, pack] of packs.entries()) {
    await scan(page, packCode(pack));
    await expect(pending, `scan ${i + 1}: ${await page.locator('[data-outcome]').textContent()}`).toHaveText(`${i + 1} pending`);
  }
  await expect(page.locator('[data-outcome="queued"]')).toContainText('kept on this device');
  await expect(page.getByText('Offline: scans are kept on this device')).toBeVisible();
  expect(answered.size).toBe(0);
  await page.screenshot({ path: testInfo.outputPath('pending.png') });

  // Reload with no network: the browser warns (unsent scans), the service worker serves the shell,
  // the queue comes back from IndexedDB.
  const warnings: string[] = [];
  page.on('dialog', (dialog) => {
    warnings.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Pack' })).toBeVisible();
  await expect(pending).toHaveText('50 pending');
  await expect(page.getByText('The document details load when the network is back')).toBeVisible();
  expect(warnings).toContain('beforeunload');

  await context.setOffline(false);
  await expect(pending).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('listitem', { name: /^Material No\. / }).getByTestId('line-progress')).toContainText('50 / 50', {
    timeout: 15_000,
  });

  // Each scan answered once, and the server counted each pack once.
  expect(answered.size).toBe(50);
  expect([...answered.values()].every((n) => n === 1)).toBe(true);
  expect(await scannedOnServer(IBD)).toEqual({ document: 50, lines: 50 });
});

test('the app is installable: a manifest, and a service worker the browser checks on every load', async ({ request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(await manifest.json()).toMatchObject({ name: 'Pharma Scan', start_url: '/', display: 'standalone', theme_color: '#228be6' });
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  const source = await sw.text();
  expect(source).toContain('"/index.html"');
  expect(source).not.toMatch(/"\/api/);
  for (const icon of ['/icon-192.png', '/icon-512.png', '/icon.svg']) expect((await request.get(icon)).status(), icon).toBe(200);
});

test('a refusal that comes back after reconnecting is listed until acknowledged; leaving asks first', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(60_000);
  await openPackScan(page, SMALL_IBD);
  await context.setOffline(true);
  await scan(page, packCode(small[0]!));
  await scan(page, packCode(foreign)); // a pack of another IBD: the server refuses it
  await scan(page, packCode(small[1]!));
  await expect(page.getByTestId('pending-count')).toHaveText('3 pending');

  // In-app navigation with unsent scans: the spec's question; stay.
  await page.getByRole('link', { name: 'IBD Details' }).click();
  const leave = page.getByRole('dialog', { name: 'Unsent scans' });
  await expect(leave).toContainText('Data may be lost if you refresh/ exit the page. Do you still wish to proceed?');
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`/rdc/scanPallet/${SMALL_IBD}`));

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 30_000 });
  const refusals = page.getByRole('alert').filter({ hasText: 'Previously scanned data have not been saved. Please scan again' });
  await expect(refusals).toBeVisible();
  const item = refusals.getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`This item is not expected on IBD ${SMALL_IBD}.`);
  await expect(page.getByRole('listitem', { name: /^Material No\. / }).getByTestId('line-progress')).toContainText('2 / 2');
  await page.screenshot({ path: testInfo.outputPath('refusals.png') });

  await item.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(refusals).toHaveCount(0);
  expect(await scannedOnServer(SMALL_IBD)).toEqual({ document: 2, lines: 2 });
  // Nothing unsent: leaving no longer asks.
  await page.getByRole('link', { name: 'IBD Details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'IBD Details' })).toBeVisible();
});
