import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { cutOff, keep, login, openMenu, settled } from './support.ts';

/**
 * Issue 33: a walk through both areas in the pseudo language (decision 0092: every text of the web's
 * catalogue and of the domain's messages wrapped in ⟦…⟧ and about 40% longer), at 360 px: the login page,
 * home, every page a home tile or a menu entry opens (a menu entry's dialog too), and for each tile's page
 * the first document or unit it lists and that one's scan page. Each page fails on
 *
 * - text on screen that came from no catalogue: every visible text node of the body (hidden elements and
 *   inputs' values left out; a placeholder counts as text) with its ⟦…⟧ parts removed, marks nested or
 *   spanning nodes alike, must leave nothing but data, by this rule:
 *   1. no lower-case letter: document and material numbers, codes, dates, quantities, counts, and the
 *      statuses and unit types the spec names in capitals (OPEN, PLT);
 *   2. or equal to a string of an API answer the page received (material names, users' names and emails,
 *      and the server's own texts: the server answers in English to the pseudo language, decision 0092,
 *      so its `message` is its catalogue's English, never the web's);
 *   3. or one of DATA_WORDS below;
 * - text that does not fit at 360 px (support.ts `cutOff`: the page wider than the screen, a text, button or
 *   badge cut short, a placeholder longer than its field).
 */

/** Texts that are no catalogue's by design. */
const DATA_WORDS: RegExp[] = [
  // The languages, each named in its own words in the pickers, never translated (decision 0092).
  /^(English|简体中文|Bahasa Melayu)$/,
  // The app's version in the menu.
  /^v\d+\.\d+\.\d+$/,
];

/**
 * Cut short in the pseudo language only: the scan field's placeholder ('Scan or type the code',
 * apps/web/src/components/ui/scan-field.tsx), which an input cannot wrap; 40% longer it does not fit a 360 px
 * field beside its button. It fits in English, Chinese and Malay ('Imbas atau taip kod'). The field's button
 * grows with its label, so a cut button still fails.
 */
const SCAN_FIELD_CUT: RegExp[] = [/: the placeholder '⟦Scan or type the code·*⟧' is cut off$/];

const PSEUDO = 'pseudo';

/** The strings of every JSON answer of the API the page has received: data the screens may show. */
function apiStrings(page: Page): { values: Set<string>; done: () => Promise<unknown> } {
  const values = new Set<string>();
  const pending: Promise<unknown>[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') values.add(value.trim());
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  // Read once the answer has arrived whole: a body asked for earlier held the page up.
  page.on('requestfinished', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) return;
    const read = request.response().then(async (response) => {
      if (response && (response.headers()['content-type'] ?? '').includes('json')) collect(await response.json());
    });
    pending.push(read.catch(() => undefined));
  });
  return { values, done: () => Promise.all(pending) };
}

/** The visible texts of the page not inside ⟦…⟧, one per text node (or placeholder) they came from. */
async function unmarked(page: Page): Promise<string[]> {
  const pieces = await page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const parent = node.parentElement;
      const shown =
        parent?.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && !parent.closest('script, style, noscript, template');
      if (shown && node.textContent?.trim()) texts.push(node.textContent);
    }
    for (const input of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')) {
      if (input.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && !input.value) texts.push(input.placeholder);
    }
    return texts;
  });
  // The marks may nest (a marked text given a marked argument) and span text nodes (a text with markup in it).
  const left: string[] = [];
  let depth = 0;
  for (const piece of pieces) {
    let rest = '';
    for (const char of piece) {
      if (char === '⟦') depth += 1;
      else if (char === '⟧') depth = Math.max(0, depth - 1);
      else if (depth === 0) rest += char;
    }
    if (rest.trim()) left.push(rest.trim());
  }
  return left;
}

/** What on the page is not in the pseudo language, or does not fit: in words, each with the page's path. */
async function problemsOn(page: Page, api: ReturnType<typeof apiStrings>, info: TestInfo, name: string): Promise<string[]> {
  await keep(page, info, name);
  await api.done();
  const path = new URL(page.url()).pathname;
  const notFromACatalogue = (await unmarked(page)).filter(
    (text) => /\p{Ll}/u.test(text) && !api.values.has(text) && !DATA_WORDS.some((word) => word.test(text)),
  );
  return [
    ...[...new Set(notFromACatalogue)].map((text) => `${path} (${name}): '${text}' is from no catalogue`),
    ...(await cutOff(page))
      .map((problem) => `${path} (${name}): ${problem}`)
      .filter((problem) => !SCAN_FIELD_CUT.some((known) => known.test(problem))),
  ];
}

for (const area of ['rdc', 'ldc'] as const) {
  test(`${area.toUpperCase()} in the pseudo language at 360 px: every text from a catalogue, none cut off`, async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    const api = apiStrings(page);
    await page.addInitScript((language) => localStorage.setItem('pharma-device:language', language), PSEUDO);
    const problems: string[] = [];
    const check = async (name: string) => {
      // A page may start a request after it first looks settled (the dispatch list once its list type is
      // read): its answers are waited for, then the loaders' end, so the texts checked are the page's own.
      await settled(page);
      await page.waitForLoadState('networkidle', { timeout: 2000 }).catch(() => undefined);
      await settled(page);
      problems.push(...(await problemsOn(page, api, testInfo, `${area} ${name}`)));
    };

    await page.goto(`/${area}/login`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('⟦');
    await check('login');
    // The login page in pseudo: its names hold the English ones, marked and lengthened.
    await login(page, area, `${area}@demo.local`);
    const home = `/${area}`;
    await expect(page).toHaveURL(new RegExp(`${home}$`));
    const tiles = page.getByRole('navigation', { name: 'Modules' }).locator('a, button');
    await expect(tiles.first()).toBeVisible();
    const names = (await tiles.allInnerTexts()).map((n) => n.trim());
    expect(names.length).toBeGreaterThan(3);
    await check('home');
    const seen = new Set<string>([home]);

    for (const name of names) {
      await page.goto(home);
      await page.getByRole('navigation', { name: 'Modules' }).getByText(name, { exact: true }).click();
      await check(name);
      const path = new URL(page.url()).pathname;
      seen.add(path);
      if (path === home) {
        // A tile that opens a dialog over home.
        await page.keyboard.press('Escape');
        continue;
      }
      // The first document or unit the tile's page lists (its card names its number), then its scan page.
      const card = page
        .getByRole('main')
        .getByRole('link', { name: /\d{5,}/ })
        .first();
      if ((await card.count()) === 0) continue;
      const listTitle = await page.getByRole('heading', { level: 1 }).innerText();
      await card.click();
      await expect(page).not.toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(listTitle);
      await check(`${name} first`);
      const details = new URL(page.url()).pathname;
      const scan = page
        .getByRole('main')
        .getByRole('link', { name: /^⟦Scan/ })
        .first();
      if ((await scan.count()) === 0) continue;
      await scan.click();
      await expect(page).not.toHaveURL(new RegExp(`${details}$`));
      await check(`${name} scan`);
    }

    // The menu, then each of its entries no tile opened: a page, or a dialog over the page.
    await page.goto(home);
    await settled(page);
    await openMenu(page);
    await check('menu');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const links = await menu.getByRole('link').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    const dialogs = await menu.locator('button[aria-haspopup="dialog"]').allInnerTexts();
    for (const path of links.filter((p) => !seen.has(p))) {
      seen.add(path);
      await page.goto(path);
      await check(`menu ${path}`);
    }
    for (const name of dialogs.map((d) => d.trim())) {
      await page.goto(home);
      await settled(page);
      await openMenu(page);
      await page.getByRole('dialog', { name: 'Menu' }).getByText(name, { exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
      await check(`menu ${name}`);
    }
    expect(problems).toEqual([]);
  });
}
