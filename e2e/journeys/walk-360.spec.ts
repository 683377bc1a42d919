import { expect, test, type Page } from '@playwright/test';
import { cutOff, keep, login, settled } from './support.ts';

/**
 * Issue 27: a walk of every home tile of both areas at 360 px, as a new operator takes it, with a
 * screenshot of each page kept in the test's output. Each page (the tile's, then the first document or
 * unit it lists) is checked for what the walk found: a page wider than the screen, text cut off inside
 * its box (a button reading 'Scan pac', a placeholder cut short), and raw codes on screen (an error
 * code, a scan's UUID, an HTTP status, `<GS>`, a component's name).
 */
const RAW_CODES: [string, RegExp][] = [
  // A national system's return code (NMVS_NC_PC_02) is no code of ours: the Verification page shows it, as the
  // system's answer an operator reports to it (issue 28).
  ['an error code', /\b(?!NMVS_)[A-Z]{2,}(?:_[A-Z0-9]+)+\b/],
  ['a UUID', /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i],
  ['an HTTP status', /\b[45]\d\d: /],
  ['a group separator written out', /<GS>/],
  ["a component's name", /\b[A-Z][a-z]+(?:[A-Z][a-z]+)*Page\b/],
];

/** What is wrong with the page as the operator sees it, in words; empty when nothing is. */
async function problemsOn(page: Page): Promise<string[]> {
  const found = await cutOff(page);
  const text = await page.locator('body').innerText();
  for (const [what, pattern] of RAW_CODES) {
    const match = pattern.exec(text);
    if (match) found.push(`${what} is on screen: '${match[0]}'`);
  }
  return found;
}

for (const area of ['rdc', 'ldc'] as const) {
  test(`every ${area.toUpperCase()} home tile at 360 px: nothing cut off, no raw code`, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await login(page, area, 'admin@demo.local');
    await expect(page).toHaveURL(new RegExp(`/${area}$`));
    const tiles = page.getByRole('navigation', { name: 'Modules' }).locator('a, button');
    await expect(tiles.first()).toBeVisible();
    const names = (await tiles.allInnerTexts()).map((n) => n.trim());
    expect(names.length).toBeGreaterThan(3);
    const problems: string[] = [];
    const home = `/${area}`;
    await settled(page);
    await keep(page, testInfo, `${area}-home`);
    problems.push(...(await problemsOn(page)).map((p) => `home: ${p}`));

    for (const name of names) {
      await page.goto(home);
      await page.getByRole('navigation', { name: 'Modules' }).getByText(name, { exact: true }).click();
      await settled(page);
      await keep(page, testInfo, `${area}-${name}`);
      problems.push(...(await problemsOn(page)).map((p) => `${name}: ${p}`));
      // The first document the tile's page lists (its card names its number), then that document's scan page.
      if (new URL(page.url()).pathname === home) continue;
      const card = page
        .getByRole('main')
        .getByRole('link', { name: /No\.?\s*\S*\d/ })
        .first();
      if ((await card.count()) === 0) continue;
      // The details page, not the list still drawn while it loads: on a slow run the list's own 'Scan …'
      // button was taken for the details page's, and the walk waited for it after the list had gone.
      const list = page.url();
      // The address changes at once, but the list stays drawn until the details page's code has loaded:
      // its own 'Scan …' link was taken for the details page's, which a completed document does not have.
      const listTitle = await page.getByRole('heading', { level: 1 }).innerText();
      await card.click();
      await expect(page).not.toHaveURL(list);
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(listTitle);
      await settled(page);
      const details = new URL(page.url()).pathname;
      await keep(page, testInfo, `${area}-${name}-first`);
      problems.push(...(await problemsOn(page)).map((p) => `${name}, ${details}: ${p}`));
      const scan = page.getByRole('main').getByRole('link', { name: /^Scan/ }).first();
      if ((await scan.count()) === 0) continue;
      await scan.click();
      await expect(page).not.toHaveURL(`${new URL(page.url()).origin}${details}`);
      await settled(page);
      await keep(page, testInfo, `${area}-${name}-scan`);
      problems.push(...(await problemsOn(page)).map((p) => `${name}, ${new URL(page.url()).pathname}: ${p}`));
    }
    expect(problems).toEqual([]);
  });
}
