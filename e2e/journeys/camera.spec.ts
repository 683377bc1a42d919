import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, test, type Page, type Response } from '@playwright/test';
import { CodeMaker, type PackSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { stageIbd } from '../../apps/server/src/seed/stock-builder.ts';
import { fakeCameraArgs, gs1DataMatrixVideo } from '../support/fake-camera.ts';
import { APP_URL } from '../support/settings.ts';
import { adminApi, apiPort } from '../support/stage-ibd.ts';
import { login } from './support.ts';

/**
 * The camera path: Chromium's fake camera plays a video of a pack's GS1 DataMatrix, drawn by the
 * project's own barcode generator (bwip-js); the scan page decodes it and the pack is counted,
 * once, as if a hardware scanner had sent `]d2…`.
 */
const IBD = `17${String(Date.now()).slice(-8)}`;
// Extension digit 4: apart from the demo seed (0), the API tests (1) and the receive journey (2).
const codes = new CodeMaker(Number(IBD.slice(-6)), '4');
let pack: PackSpec;
let materialNo: string;
let video: string;

/** Scan screens show the camera with the device's "Barcode Scanner" setting off. */
async function turnOffBarcodeScanner(page: Page) {
  await page.goto('/rdc/settings');
  await page.getByRole('switch', { name: 'Barcode Scanner' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings updated' })).toBeVisible();
}

test.beforeAll(async () => {
  const api = await adminApi();
  const demo = await api.get('/api/ibdNo/1800000101');
  expect(demo.status()).toBe(200);
  const [line] = ((await demo.json()) as { data: { materialNo: string; eanGtinNo: string }[] }).data;
  materialNo = line!.materialNo;
  [pack] = codes.packs(1, { gtin: line!.eanGtinNo, batch: `CAM${IBD.slice(-5)}`, expiry: '2028-06-30' }) as [PackSpec];
  await stageIbd(apiPort(api), IBD, { packs: [pack] }, [{ materialNo, gtin: line!.eanGtinNo }], { date: '2026-11-21' });
  await api.dispose();
  // The element string with FNC1 (bwip-js GS1 syntax); `]d2` is what a reader reports, not data.
  const yymmdd = pack.expiry.slice(2).replaceAll('-', '');
  video = gs1DataMatrixVideo(`(01)${pack.gtin}(17)${yymmdd}(10)${pack.batch}(21)${pack.serial}`);
});

test.afterAll(() => {
  if (video) rmSync(dirname(video), { recursive: true, force: true });
});

test('the camera path decodes a DataMatrix from a fake camera stream and counts the pack once', async ({
  playwright,
  launchOptions,
}, testInfo) => {
  // Its own browser: the fake camera is a launch flag, on top of the config's flags.
  const browser = await playwright.chromium.launch({ ...launchOptions, args: [...(launchOptions.args ?? []), ...fakeCameraArgs(video)] });
  const context = await browser.newContext({
    baseURL: APP_URL,
    viewport: { width: 360, height: 640 },
    hasTouch: true,
    permissions: ['camera'],
  });
  // Keeps every camera stream the page opens, to check that each is released.
  await context.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams = streams;
    const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      streams.push(stream);
      return stream;
    };
  });
  // No internet: anything not from the app's server fails (zxing-wasm's default is a CDN).
  await context.route(
    (url) => url.origin !== new URL(APP_URL).origin,
    (route) => route.abort(),
  );
  const wasm: string[] = [];
  context.on('request', (r) => {
    if (r.url().endsWith('.wasm')) wasm.push(r.url());
  });
  const page = await context.newPage();
  const answers: number[] = [];
  page.on('response', (r: Response) => {
    if (r.url().endsWith('/api/scanForOperation')) answers.push(r.status());
  });
  const liveTracks = () =>
    page.evaluate(
      () =>
        (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams
          .flatMap((s) => s.getTracks())
          .filter((t) => t.readyState === 'live').length,
    );

  try {
    await login(page, 'rdc', 'rdc@demo.local');
    await expect(page).toHaveURL(/\/rdc$/);
    await turnOffBarcodeScanner(page);
    await page.goto(`/rdc/scanPallet/${IBD}?p=IBD`);
    await expect(page.getByRole('heading', { level: 1, name: 'Scan Item' })).toBeVisible();
    await page
      .locator('label')
      .filter({ hasText: /^Pack$/ })
      .click();
    const camera = page.getByRole('region', { name: 'Camera' });
    await expect(camera).toHaveAttribute('data-camera-state', 'live', { timeout: 15_000 });
    // Chromium on Linux has no native BarcodeDetector: zxing-wasm decodes, in a worker, with the app's own wasm.
    await expect(camera).toHaveAttribute('data-decoder', /^(worker|native)$/);

    const progress = page.getByRole('listitem', { name: `Material No. ${materialNo}` }).getByTestId('line-progress');
    await expect(progress).toContainText('1 / 1', { timeout: 15_000 });
    await expect(page.getByRole('region', { name: 'Scanned units' }).getByRole('listitem')).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath('camera-view.png') });
    if ((await camera.getAttribute('data-decoder')) === 'worker') {
      expect(wasm.length).toBeGreaterThan(0);
      for (const url of wasm) expect(url).toMatch(new RegExp(`^${APP_URL}/assets/zxing_reader-[\\w-]+\\.wasm$`));
    }

    // The code stays in view: it is reported again at most every 1.5 s, and the server counts it once.
    await page.waitForTimeout(2_000);
    expect(answers.filter((s) => s === 200)).toHaveLength(1);
    const api = await adminApi();
    const details = await api.get(`/api/ibdNo/${IBD}`);
    const { data } = (await details.json()) as { data: { scannedQuantity: number }[] };
    expect(data.map((l) => l.scannedQuantity)).toEqual([1]);
    await api.dispose();

    // A hidden page releases the camera; shown again, it opens it again.
    expect(await liveTracks()).toBe(1);
    const setVisibility = (state: 'hidden' | 'visible') =>
      page.evaluate((s: string) => {
        Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await setVisibility('hidden');
    await expect.poll(liveTracks).toBe(0);
    await setVisibility('visible');
    await expect(camera).toHaveAttribute('data-camera-state', 'live');
    await expect.poll(liveTracks).toBe(1);

    // Turning the Barcode Scanner setting back on (here as from another tab) unmounts the camera and releases it.
    await page.evaluate(() => {
      localStorage.setItem('pharma-device:settings', JSON.stringify({ barcodeScanner: true }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'pharma-device:settings' }));
    });
    await expect(camera).toHaveCount(0);
    await expect.poll(liveTracks).toBe(0);
  } finally {
    await context.close();
    await browser.close();
  }
});

test('a camera the browser may not use gives a clear message instead of the view', async ({ playwright, launchOptions }) => {
  // A camera exists, but the permission is neither granted nor auto-accepted: the browser refuses it.
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  const context = await browser.newContext({ baseURL: APP_URL, viewport: { width: 360, height: 640 }, hasTouch: true });
  const page = await context.newPage();
  try {
    await login(page, 'rdc', 'rdc@demo.local');
    await expect(page).toHaveURL(/\/rdc$/);
    await turnOffBarcodeScanner(page);
    await page.goto(`/rdc/scanPallet/${IBD}?p=IBD`);
    const camera = page.getByRole('region', { name: 'Camera' });
    await expect(camera).toHaveAttribute('data-camera-state', 'denied');
    await expect(camera.getByRole('alert')).toContainText('Camera access was denied.');
    // The scan field still works.
    await expect(page.getByRole('textbox', { name: 'Scan Item' })).toBeVisible();
  } finally {
    await context.close();
    await browser.close();
  }
});
