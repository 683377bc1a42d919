import { expect, test, type Locator, type Page } from '@playwright/test';
import { CodeMaker, type CartonSpec, type PackSpec, type PalletSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { putDocumentFor, receiveIbd, stageIbd } from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort, demoProducts } from '../support/stage-ibd.ts';
import { login, scanAs } from './support.ts';

/**
 * Issue 14: one document's counts read off its three pages, the list card, the details and the scan
 * page, are the same numbers before a scan, after it and after its delete, for an IBD and an OBD.
 * The list card shows Expected Qty and the family's scanned column; the details add Qty Left; the
 * scan page shows scanned / expected in its header and each line's Qty Left. Each page is read until it settles.
 */
const STAMP = String(Date.now()).slice(-8);
const IBD = `13${STAMP}`;
const STOCK = `14${STAMP}`;
const OBD = `84${STAMP}`;
// Extension digit 6: SSCCs and serials apart from the other journeys'.
const codes = new CodeMaker(Number(STAMP.slice(-6)), '6');
let pallet: PalletSpec;
let packs: PackSpec[];
let carton: CartonSpec;

test.beforeAll(async () => {
  const api = await adminApi();
  const products = await demoProducts(api, `N${STAMP.slice(-5)}`);
  pallet = codes.pallet(2, 3, products[0]!);
  packs = codes.packs(2, products[1]!);
  // The IBD expects 2 packs more than it is sent: Qty Left never reaches 0.
  await stageIbd(apiPort(api), IBD, { pallets: [pallet], packs }, products, { extra: 2 });
  carton = codes.carton(4, products[2]!);
  const other = codes.carton(2, products[2]!);
  await receiveIbd(apiPort(api), STOCK, { cartons: [carton, other] }, products);
  await putDocumentFor(apiPort(api), 'OBD', OBD, [carton, other], products);
  await api.dispose();
});

interface Shown {
  expected: number;
  scanned: number;
  left?: number;
}

interface Family {
  list: string;
  search: string;
  card: string;
  details: string;
  done: string;
}

const figure = (scope: Locator | Page, label: string) =>
  scope.getByRole('group', { name: label, exact: true }).first().getByTestId('figure-value');
const numberIn = async (text: Promise<string | null>) => Number((await text)?.trim());

/** The list card: Expected Qty and the scanned column. */
async function fromList(page: Page, f: Family, number: string): Promise<Shown> {
  await page.goto(f.list);
  const search = page.getByRole('searchbox', { name: f.search });
  await search.fill(number);
  await search.press('Enter');
  const card = page.getByRole('link', { name: `${f.card} ${number}` });
  await expect(card).toBeVisible();
  return {
    expected: await numberIn(figure(card, 'Expected Qty').textContent()),
    scanned: await numberIn(figure(card, f.done).textContent()),
  };
}

/** The details header: Expected Qty, the scanned column and Qty Left. */
async function fromDetails(page: Page, f: Family): Promise<Shown> {
  await expect(page.getByRole('heading', { level: 1, name: f.details })).toBeVisible();
  return {
    expected: await numberIn(figure(page, 'Expected Qty').textContent()),
    scanned: await numberIn(figure(page, f.done).textContent()),
    left: await numberIn(figure(page, 'Qty Left').textContent()),
  };
}

/** The scan page: 'scanned / expected' in its header, and the Qty Left of each line added up. */
async function fromScanPage(page: Page, f: Family): Promise<Shown> {
  const header = page.getByLabel(new RegExp(`^${f.done} \\d+ / Expected Qty \\d+$`));
  const [, scanned, expected] = (await header.getAttribute('aria-label'))!.match(/(\d+) \/ Expected Qty (\d+)$/)!;
  const progress = page.getByRole('region', { name: 'Lines' }).getByTestId('line-progress');
  await expect(progress.first()).toBeVisible();
  const lines = await progress.allTextContents();
  const left = lines.reduce((n, text) => n + Number(/\(Qty Left (\d+)\)/.exec(text)![1]), 0);
  return { expected: Number(expected), scanned: Number(scanned), left };
}

/**
 * The three pages of one document show `want`: the list card, then its details, then its scan page, each
 * read until it settles (a scan page draws its lines just after its header). The scan page is left open.
 */
async function expectSame(page: Page, f: Family, number: string, want: Required<Shown>): Promise<void> {
  await expect.poll(() => fromList(page, f, number)).toEqual({ expected: want.expected, scanned: want.scanned });
  await page.getByRole('link', { name: `${f.card} ${number}` }).click();
  await expect.poll(() => fromDetails(page, f)).toEqual(want);
  await page.getByRole('link', { name: 'Scan', exact: true }).click();
  await expect.poll(() => fromScanPage(page, f)).toEqual(want);
}

const IBD_FAMILY: Family = { list: '/rdc/ibdList', search: 'Search IBD No.', card: 'IBD No.', details: 'IBD Details', done: 'Qty Scanned' };
const OBD_FAMILY: Family = {
  list: '/rdc/obdList',
  search: 'Search OBD No.',
  card: 'OBD No.',
  details: 'OBD Details',
  done: 'Qty Dispatched',
};

test('an IBD shows the same counts on its list, details and scan page, before and after a scan and its delete', async ({ page }) => {
  await login(page, 'rdc', 'rdc@demo.local');
  await expect(page).toHaveURL(/\/rdc$/);
  // 6 packs on the pallet, 2 loose, and 2 more expected than sent.
  await expectSame(page, IBD_FAMILY, IBD, { expected: 10, scanned: 0, left: 10 });

  await scanAs(page, 'Pallet', `00${pallet.sscc}`);
  await expect(page.locator('[data-outcome="accepted"]')).toContainText('6 packs counted');
  await expect.poll(() => fromScanPage(page, IBD_FAMILY)).toEqual({ expected: 10, scanned: 6, left: 4 });
  await page.getByRole('link', { name: IBD_FAMILY.details }).click();
  await expect.poll(() => fromDetails(page, IBD_FAMILY)).toEqual({ expected: 10, scanned: 6, left: 4 });
  await expectSame(page, IBD_FAMILY, IBD, { expected: 10, scanned: 6, left: 4 });

  await scanAs(page, 'Pack', `01${packs[0]!.gtin}21${packs[0]!.serial}`);
  await expect(page.locator('[data-outcome="accepted"]')).toContainText('1 pack counted');
  await expectSame(page, IBD_FAMILY, IBD, { expected: 10, scanned: 7, left: 3 });

  await page
    .getByRole('region', { name: 'Scanned units' })
    .getByRole('button', { name: `Delete ${pallet.sscc}` })
    .click();
  await page
    .getByRole('dialog', { name: `Remove ${pallet.sscc}?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.locator('[data-outcome="removed"]')).toContainText('6 packs taken off');
  await expect.poll(() => fromScanPage(page, IBD_FAMILY)).toEqual({ expected: 10, scanned: 1, left: 9 });
  await expectSame(page, IBD_FAMILY, IBD, { expected: 10, scanned: 1, left: 9 });
});

test('an OBD shows the same counts on its list, details and scan page, before and after a scan and its delete', async ({ page }) => {
  await login(page, 'rdc', 'rdc@demo.local');
  await expect(page).toHaveURL(/\/rdc$/);
  await expectSame(page, OBD_FAMILY, OBD, { expected: 6, scanned: 0, left: 6 });

  await scanAs(page, 'Carton', `00${carton.sscc}`);
  await expect(page.locator('[data-outcome="accepted"]')).toContainText('4 packs counted');
  await expect.poll(() => fromScanPage(page, OBD_FAMILY)).toEqual({ expected: 6, scanned: 4, left: 2 });
  await expectSame(page, OBD_FAMILY, OBD, { expected: 6, scanned: 4, left: 2 });

  await page
    .getByRole('region', { name: 'Scanned units' })
    .getByRole('button', { name: `Delete ${carton.sscc}` })
    .click();
  await page
    .getByRole('dialog', { name: `Remove ${carton.sscc}?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.locator('[data-outcome="removed"]')).toContainText('4 packs taken off');
  await expect.poll(() => fromScanPage(page, OBD_FAMILY)).toEqual({ expected: 6, scanned: 0, left: 6 });
  await expectSame(page, OBD_FAMILY, OBD, { expected: 6, scanned: 0, left: 6 });
});
