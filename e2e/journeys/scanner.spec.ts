import { expect, test, type Page } from '@playwright/test';
import { CodeMaker, type PackSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { stageIbd } from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort, demoProducts, packCode } from '../support/stage-ibd.ts';
import { login } from './support.ts';

/**
 * The hardware scanner (keyboard wedge) on the scan screen: a whole code typed at scanner speed is
 * one scan whatever separator the scanner sends and whether it ends with Enter, Tab or nothing;
 * a person typing slowly in the manual field submits with Enter. Feedback states, the camera
 * notice and the Barcode Scanner setting (decision 0010).
 */
const IBD = `15${String(Date.now()).slice(-8)}`;
// Extension digit 5: SSCCs and serials apart from the other journeys'.
const codes = new CodeMaker(Number(IBD.slice(-6)), '5');
const SEPARATORS = { control: '\x1d', angle: '<GS>', curly: '{GS}', caret: '^]' } as const;
const TERMINATORS = ['Enter', 'Tab', 'none'] as const;
const WEDGE_SCANS = Object.keys(SEPARATORS).length * TERMINATORS.length;
let packs: PackSpec[];

test.beforeAll(async () => {
  const api = await adminApi();
  const [product] = await demoProducts(api, `W${IBD.slice(-5)}`);
  // One pack per wedge variant, one typed by hand, one sent with Ctrl+].
  packs = codes.packs(WEDGE_SCANS + 2, product!);
  await stageIbd(apiPort(api), IBD, { packs }, [product!]);
  await api.dispose();
});

async function openPackScan(page: Page) {
  await login(page, 'rdc', 'rdc@demo.local');
  await expect(page).toHaveURL(/\/rdc$/);
  await page.goto(`/rdc/scanPallet/${IBD}?p=IBD`);
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Item' })).toBeVisible();
  await page
    .locator('label')
    .filter({ hasText: /^Pack$/ })
    .click();
  const field = page.getByRole('textbox', { name: 'Scan Pack' });
  await expect(field).toBeFocused();
  return field;
}

test('a scanner burst is one scan with every separator form and terminator; slow typing needs Enter', async ({ page }, testInfo) => {
  // Sixteen scans typed key by key, one of them at a person's 120 ms a key: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  // Scans sent, by scanId: a call retried after a token refresh (6 s tokens here) carries the same id.
  const sent = new Map<string, string>();
  page.on('request', (r) => {
    if (!r.url().endsWith('/api/scanForOperation')) return;
    const body = JSON.parse(r.postData() ?? '{}') as { code: string; scanId: string };
    sent.set(body.scanId, body.code);
  });
  const posted = () => [...sent.values()];
  const field = await openPackScan(page);
  // Scanner mode: the on-screen keyboard stays closed.
  await expect(field).toHaveAttribute('inputmode', 'none');
  const scanned = page.getByTestId('scanned-count');
  const accepted = page.locator('[data-outcome="accepted"]');

  let n = 0;
  for (const [name, separator] of Object.entries(SEPARATORS)) {
    for (const terminator of TERMINATORS) {
      const pack = packs[n]!;
      const code = packCode(pack, separator);
      await page.keyboard.type(code, { delay: 5 });
      if (terminator !== 'none') await page.keyboard.press(terminator);
      n += 1;
      await expect(scanned, `${name} + ${terminator}`).toHaveText(`${n} scanned`);
      await expect(accepted).toContainText(pack.serial);
      await expect(field).toHaveValue('');
      await expect(field).toBeFocused();
      // One scan, one call, with the characters as the scanner typed them.
      expect(posted().length).toBe(n);
      expect(posted().at(-1)).toBe(code);
    }
  }
  // A terminator after a burst that already ended is not an empty submit.
  await expect(page.getByText('Field cannot be empty')).toHaveCount(0);

  // A scanner that sends the group separator as Ctrl+].
  const ctrl = packs[WEDGE_SCANS + 1]!;
  await page.keyboard.type(`01${ctrl.gtin}10${ctrl.batch}`, { delay: 5 });
  await page.keyboard.press('Control+BracketRight');
  await page.keyboard.type(`21${ctrl.serial}`, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(scanned).toHaveText(`${WEDGE_SCANS + 1} scanned`);
  expect(posted().at(-1)).toBe(packCode(ctrl));

  // By hand: "Type manually" opens the keyboard; 120 ms per key is a person, so nothing is sent until Enter.
  await page.getByRole('button', { name: 'Type manually' }).click();
  await expect(field).toHaveAttribute('inputmode', 'text');
  await expect(field).toBeFocused();
  const manual = packs[WEDGE_SCANS]!;
  await page.keyboard.type(packCode(manual, '<GS>'), { delay: 120 });
  await page.waitForTimeout(400);
  expect(posted().length).toBe(WEDGE_SCANS + 1);
  await expect(field).toHaveValue(packCode(manual, '<GS>'));
  await page.keyboard.press('Enter');
  await expect(scanned).toHaveText(`${WEDGE_SCANS + 2} scanned`);
  expect(posted().length).toBe(WEDGE_SCANS + 2);
  await expect(page.getByRole('listitem', { name: /^Material No\. / }).getByTestId('line-progress')).toContainText(
    `${packs.length} / ${packs.length}`,
  );
  await page.screenshot({ path: testInfo.outputPath('accepted.png') });

  // Enter on an empty field: the spec's field message.
  await page.keyboard.press('Enter');
  await expect(page.getByText('Field cannot be empty')).toBeVisible();
  await page.getByRole('button', { name: 'Use scanner' }).click();
  await expect(field).toHaveAttribute('inputmode', 'none');
  // The field takes focus back a moment after the switch: a scan sent before that would lose its first keys.
  await expect(field).toBeFocused();

  // The same pack again: already scanned, in its own colour.
  await page.keyboard.type(packCode(packs[0]!), { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-outcome="duplicate"]')).toContainText(`This item has already been scanned on IBD ${IBD}.`);
  await page.screenshot({ path: testInfo.outputPath('duplicate.png') });

  // A malformed code is refused in the browser: no call leaves.
  const calls = posted().length;
  await page.keyboard.type(`01${packs[0]!.gtin.slice(0, 13)}${(Number(packs[0]!.gtin.at(-1)) + 1) % 10}21XYZ`, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-outcome="refused"]')).toContainText('The check digit of (01) is wrong');
  expect(posted().length).toBe(calls);
  await page.screenshot({ path: testInfo.outputPath('refused.png') });
});

test('the Barcode Scanner setting hides the camera view behind the spec notice', async ({ page }, testInfo) => {
  await openPackScan(page);
  const notice = 'Camera is currently turned off. To turn on Camera view, please turn off Barcode Scanner';
  await expect(page.getByText(notice)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('camera-notice.png') });

  await page.getByRole('link', { name: 'Open Settings' }).click();
  await expect(page).toHaveURL(/\/rdc\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const toggle = page.getByRole('switch', { name: 'Barcode Scanner' });
  await expect(toggle).toBeChecked();
  await toggle.click({ force: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings updated successfully!' })).toBeVisible();

  await page.goto(`/rdc/scanPallet/${IBD}?p=IBD`);
  await expect(page.getByRole('textbox', { name: 'Scan Item' })).toBeFocused();
  await expect(page.getByText(notice)).toHaveCount(0);
  // Without scanner mode the field is an ordinary text field and there is no scanner toggle.
  await expect(page.getByRole('textbox', { name: 'Scan Item' })).toHaveAttribute('inputmode', 'text');
  await expect(page.getByRole('button', { name: 'Type manually' })).toHaveCount(0);

  // The setting belongs to the device: it is still off after a reload.
  await page.goto('/rdc/settings');
  await expect(page.getByRole('switch', { name: 'Barcode Scanner' })).not.toBeChecked();
});
