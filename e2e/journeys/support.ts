import { expect, type Page, type Request, type TestInfo } from '@playwright/test';

export const PASSWORD = 'Scan#2026';

/** Logs in on an area's login page as a person would: type, then press the button. */
export async function login(page: Page, area: 'rdc' | 'ldc', email: string, password = PASSWORD): Promise<void> {
  await page.goto(`/${area}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function openMenu(page: Page): Promise<void> {
  // Right after a navigation the page may still be loading its chunk, and the shell closes the menu
  // when the new page commits: open it again until it stays open.
  await expect(async () => {
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
    await expect(dialog.getByText('v3.0.0')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 10_000 });
}

/** Signs out through the menu, as a person would. */
export async function logout(page: Page): Promise<void> {
  await openMenu(page);
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
}

/** An email no other run has used: journeys that create people share one database. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.test`;
}

export const RESTRICTED = { title: 'Restricted access', text: 'You do not have permission to view this page.' } as const;

/** The no-access screen: code 403, 'Restricted access', the spec's text. */
export async function expectRestricted(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await expect(main.getByText('403', { exact: true })).toBeVisible();
  await expect(main.getByRole('heading', { name: RESTRICTED.title })).toBeVisible();
  await expect(main.getByText(RESTRICTED.text)).toBeVisible();
}

/**
 * Types into the scan field as a scanner does: a burst of characters, then Enter. The unit picker is a
 * segmented control: its segment's label is tapped unless the unit is already picked.
 */
export async function scanAs(page: Page, unit: 'Pallet' | 'Carton' | 'Pack', raw: string): Promise<void> {
  if (!(await page.getByRole('radio', { name: unit, exact: true }).isChecked())) {
    await page
      .locator('label')
      .filter({ hasText: new RegExp(`^${unit}$`) })
      .click();
  }
  await expect(page.getByRole('textbox', { name: `Scan ${unit}` })).toBeFocused();
  await sendScan(page, raw);
}

/**
 * A scan as a wedge scanner that sends its whole code at once (the Android handhelds' keystroke output
 * as a string) delivers it into the focused field: the code in one input, then Enter. Typed key by key,
 * a scan was cut in two on a busy machine (a pause longer than the quiet gap mid-code), which no real
 * scanner does; the key-by-key bursts and their gaps are scanner.spec.ts's own subject.
 */
export async function sendScan(page: Page, raw: string): Promise<void> {
  await page.keyboard.insertText(raw);
  await page.keyboard.press('Enter');
}

/** Searches a document list for a number and opens its card: the details page of that document. */
export async function openCard(page: Page, placeholder: string, card: string, detailsTitle: string): Promise<void> {
  const search = page.getByRole('searchbox', { name: placeholder });
  await search.fill(card.split(' ').pop()!);
  await search.press('Enter');
  await page.getByRole('link', { name: card }).click();
  await expect(page.getByRole('heading', { level: 1, name: detailsTitle })).toBeVisible();
}

/** From the scan page back to the details, then Complete and Confirm: the spec's message, the document Completed. */
export async function completeDocument(page: Page, details: string, dialogTitle: string, success: string): Promise<void> {
  await page.getByRole('link', { name: details }).click();
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await page.getByRole('dialog', { name: dialogTitle }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: success })).toBeVisible();
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
}

/**
 * Waits until the app's service worker controls the page, as the offline scan queue needs. The first
 * install precaches the whole app (about 90 files) before it claims the page; on a busy machine the
 * claim can come late, and the next load is controlled in any case, as for a user: so a page whose
 * worker is ready but not yet in control is loaded again.
 */
export async function untilServiceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** At 360 px and 1280 px: nothing wider than the window, no button or badge cut short; a screenshot of each kept. */
export async function look(page: Page, info: TestInfo, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 640 : 800 });
    const { scrollWidth, clientWidth, clipped } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      clipped: [...document.querySelectorAll('.mantine-Badge-label, button')]
        .filter((e) => e.scrollWidth > e.clientWidth + 1)
        .map((e) => e.textContent),
    }));
    expect(scrollWidth, `${name} at ${width} px`).toBeLessThanOrEqual(clientWidth);
    expect(clipped, `${name} at ${width} px`).toEqual([]);
    await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 360, height: 640 });
}

/**
 * The API calls a page makes that the server acted on: `path body` of each request matching
 * `path`, in order, leaving out those answered 401. The journeys' access tokens last 6 s (settings.ts),
 * so a call can meet an expired token; the client then refreshes and sends it again, and only the
 * second one counts.
 */
export function actedCalls(page: Page, path: RegExp): () => string[] {
  const calls: { request: Request; text: string }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (path.test(url.pathname)) calls.push({ request, text: `${url.pathname} ${request.postData() ?? ''}` });
  });
  page.on('response', (response) => {
    if (response.status() !== 401) return;
    const at = calls.findIndex((call) => call.request === response.request());
    if (at >= 0) calls.splice(at, 1);
  });
  return () => calls.map((call) => call.text);
}

/** Waits until the page has drawn what it loads: its main part shown, no loader or skeleton left. */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('main').or(page.getByRole('dialog')).first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root, [aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
}

/** Keeps a full-page screenshot in the test's output folder, passed or failed. */
export async function keep(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name.replaceAll('+', ' plus').replace(/[^A-Za-z0-9]+/g, '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/**
 * Text that does not fit, in words (empty when all fits), at the page's current width: a page wider than
 * the screen, text cut inside a box that hides what overflows it (a button reading 'Scan pac'), a button or
 * badge narrower than its text (as `look` checks), a count such as '9 / 9' broken over two lines, a
 * placeholder wider than its field.
 */
export async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page is ${root.scrollWidth} px wide on a ${root.clientWidth} px screen`);
    const visible = (e: Element) => {
      const box = e.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(e).visibility !== 'hidden';
    };
    for (const e of document.querySelectorAll('main *, header *, [role="dialog"] *')) {
      if (!visible(e) || !(e instanceof HTMLElement) || e.children.length > 0 || !e.textContent?.trim()) continue;
      const style = getComputedStyle(e);
      const hides = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      if (hides && e.scrollWidth > e.clientWidth + 1) problems.push(`'${e.textContent.trim()}' is cut off`);
    }
    for (const e of document.querySelectorAll('.mantine-Badge-label, button')) {
      if (visible(e) && e.scrollWidth > e.clientWidth + 1)
        problems.push(`the ${e.tagName === 'BUTTON' ? 'button' : 'badge'} '${e.textContent?.trim()}' is cut off`);
    }
    for (const e of document.querySelectorAll('main *')) {
      if (!visible(e) || e.children.length > 0 || !/^\d+\s*\/\s*\d+$/.test(e.textContent?.trim() ?? '')) continue;
      const lineHeight = parseFloat(getComputedStyle(e).lineHeight) || parseFloat(getComputedStyle(e).fontSize) * 1.6;
      if (e.getBoundingClientRect().height > lineHeight * 1.5) problems.push(`'${e.textContent!.trim()}' is broken over two lines`);
    }
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (!visible(input) || input.value) continue;
      const style = getComputedStyle(input);
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (canvas.measureText(input.placeholder).width > room + 1) problems.push(`the placeholder '${input.placeholder}' is cut off`);
    }
    return [...new Set(problems)];
  });
}
