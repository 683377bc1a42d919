import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { cartonLabelCode, expectedCheckDigit } from '@pharma/domain';
import { CodeMaker, type CartonSpec, type PackSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { DOC_DATE, putDocumentFor, receiveIbd, scanUnits, type Product } from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort, demoProducts } from '../support/stage-ibd.ts';
import { login } from './support.ts';

/**
 * Issue 27, as a new operator on a 360 px handheld met it: errors that say what is wrong (an SSCC's
 * check digit, a carton label's quantities), no raw code on screen (`<GS>`), one word for one thing
 * (docs/glossary.md: the scrapping note's list is the spec's 'Scrapping Note List' in both areas), and
 * three things that did not fit: the redress carton's 'Scan packs' (read 'Scan pac'), the RTP header's
 * count (wrapped as '9 /' over '9') and the search field's placeholder (cut).
 */
const STAMP = String(Date.now()).slice(-8);
const IBD = `16${STAMP}`;
const RTP = `56${STAMP}`;
const PO = `52${STAMP}`;
const BPR = `BPR-${STAMP}`;
const W3010 = { warehouseNo: 'W3010' };
// Extension digit 3 with a seed of its own: SSCCs and serials apart from the other journeys'.
const codes = new CodeMaker(Number(STAMP.slice(-6)) + 272_727, '3');
let product: Product;
let toPrincipal: CartonSpec;
let redressed: PackSpec[];
let cartonA: string;

/** The words docs/glossary.md says are never shown (its table 'Words not shown'). */
const BANNED = (() => {
  const markdown = readFileSync(new URL('../../docs/glossary.md', import.meta.url), 'utf8');
  const section = markdown.split(/^## Words not shown\s*$/m)[1] ?? '';
  return [...section.matchAll(/^\|\s*`([^`]+)`\s*\|/gm)].map((m) => m[1]!);
})();

test.beforeAll(async () => {
  const api = await adminApi();
  const port = apiPort(api, 'LDC');
  const products = await demoProducts(api, `W${STAMP.slice(-5)}`);
  product = products[0]!;
  // Nine packs in a carton, all scanned onto an RTP: its header counts '9 / 9' beside IN PROGRESS.
  toPrincipal = codes.carton(9, product);
  redressed = codes.packs(8, product);
  await receiveIbd(port, IBD, { cartons: [toPrincipal], packs: redressed }, products, W3010);
  await putDocumentFor(port, 'RTP', RTP, [toPrincipal], products, W3010);
  await scanUnits(port, 'RTP', RTP, [toPrincipal]);
  // A redress PO of 8 packs with its BPR No. and a carton labelled for 6 of them, none scanned yet.
  await port.putDocument('RRD', PO, {
    ...W3010,
    date: DOC_DATE,
    lines: [{ lineNo: 10, materialNo: product.materialNo, batchNo: product.batch, quantity: 8 }],
  });
  const bpr = await api.post('/api/validateBPR?area=LDC', { data: { poNo: PO, bprNo: BPR } });
  expect(bpr.status(), await bpr.text()).toBe(200);
  cartonA = codes.sscc();
  const label = await api.post('/api/validateRRDLabel?area=LDC', { data: { poNo: PO, code: cartonLabel(cartonA, 6) } });
  expect(label.status(), await label.text()).toBe(200);
  await api.dispose();
});

function cartonLabel(cartonCode: string, qty: number, gs = '\x1d'): string {
  return cartonLabelCode({ cartonCode, gtin: product.gtin, batchNo: product.batch, qty }, gs);
}

/**
 * The element and everything in it show their whole text: nothing scrolls inside it (scrollWidth <=
 * clientWidth), and no text wraps onto a second line.
 */
async function expectWhole(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  const fit = await locator.evaluate((root) => {
    const cut = [root, ...root.querySelectorAll('*')]
      .filter((el) => el.scrollWidth > el.clientWidth)
      .map((el) => `${el.tagName}.${el.className}: ${el.scrollWidth} > ${el.clientWidth}`);
    // The lines its text takes: the distinct tops of its text's boxes.
    const tops = new Set<number>();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    return { cut, lines: tops.size, text: (root as HTMLElement).innerText };
  });
  expect(fit.cut, fit.text).toEqual([]);
  expect(fit.lines, `'${fit.text}' wraps`).toBe(1);
}

/** The page is 360 px wide and nothing on it scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(clientWidth).toBe(360);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** No word the glossary bans is on the screen. */
async function expectGlossaryWords(page: Page): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(BANNED.filter((word) => text.toLowerCase().includes(word.toLowerCase()))).toEqual([]);
}

test('at 360 px the redress carton button reads Scan packs in full, a replaced pack is named, not its raw code', async ({ page }) => {
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.goto(`/ldc/rrdScanOperation/rrdDocTagging/${BPR}?docNo=${PO}`);
  const carton = page.getByRole('listitem', { name: `Carton ${cartonA}` });
  await expect(carton).toContainText('0 of 6 packs');
  const button = carton.getByRole('link', { name: 'Scan packs' });
  await expectWhole(button);
  await expect(button).toHaveText('Scan packs');
  await expectNoSidewaysScroll(page);

  // A second label past the PO's 8 packs: the spec's sentence, then the quantities.
  await page.getByRole('link', { name: 'Scan carton label' }).click();
  await page.getByRole('textbox', { name: 'Carton label' }).fill(cartonLabel(codes.sscc(), 3, '<GS>'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Carton label quantity overflow PO qty.' })).toHaveText(
    `Carton label quantity overflow PO qty. Please check and scan correct value. This label is for 3 packs; PO ${PO} has 2 of its 8 packs of material ${product.materialNo} batch ${product.batch} left to label.`,
  );
  await page.getByRole('link', { name: 'Back to the PO' }).click();

  // The pack taken out, typed as the README writes a DataMatrix (<GS>): shown as GTIN/serial.
  await page.getByRole('link', { name: 'Replace a pack' }).click();
  const pack = redressed[0]!;
  await page.getByRole('textbox', { name: 'Pack taken out' }).fill(`]d201${pack.gtin}10${pack.batch}<GS>21${pack.serial}`);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Pack taken out: ${pack.gtin}/${pack.serial}`, { exact: true })).toBeVisible();
  await expectGlossaryWords(page);
});

test('at 360 px the RTP header count stays on one line beside its status', async ({ page }) => {
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.goto(`/ldc/ScanOperation/${RTP}?p=RTP`);
  await expect(page.getByText(`RTP OBD No. ${RTP}`)).toBeVisible();
  await expect(page.getByText('In Progress', { exact: true }).first()).toBeVisible();
  const count = page.getByLabel('Qty Dispatched 9 / Expected Qty 9');
  await expect(count).toHaveText('9 / 9');
  await expectWhole(count);
  await expectNoSidewaysScroll(page);

  // An SSCC typed with a wrong last digit names the right one, not an unknown AI '(3888)'.
  const sscc = toPrincipal.sscc;
  const right = expectedCheckDigit(sscc, 0, 18);
  const wrong = `${sscc.slice(0, 17)}${(right + 5) % 10}`;
  await page.getByRole('textbox', { name: /^Scan / }).fill(wrong);
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-outcome="refused"]')).toContainText(
    `${wrong} is not an SSCC: it ends in ${(right + 5) % 10}, but its check digit should be ${right}.`,
  );
});

test('at 360 px the search field shows its whole placeholder, and 18 digits with a wrong check digit name the right one', async ({
  page,
}) => {
  const sscc = toPrincipal.sscc;
  const right = expectedCheckDigit(sscc, 0, 18);
  const wrong = `${sscc.slice(0, 17)}${(right + 1) % 10}`;
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.goto('/ldc/searchPageLDC');
  const field = page.getByRole('textbox', { name: 'SSCC or pack code' });
  await expect(field).toBeVisible();
  const placeholder = await field.evaluate((input: HTMLInputElement) => {
    // The placeholder's width in the input's font, against the room inside the input.
    const style = getComputedStyle(input);
    const probe = document.createElement('span');
    probe.textContent = input.placeholder;
    probe.style.font = style.font;
    probe.style.letterSpacing = style.letterSpacing;
    probe.style.whiteSpace = 'pre';
    probe.style.position = 'absolute';
    document.body.append(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: input.placeholder, width, room };
  });
  expect(placeholder.width, `'${placeholder.text}' needs ${placeholder.width} px of ${placeholder.room}`).toBeLessThanOrEqual(
    placeholder.room,
  );
  expect(placeholder.text).toBe('Scan or type the code');
  await expectNoSidewaysScroll(page);

  await field.fill(wrong);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`its check digit should be ${right} `)).toBeVisible();
  await expect(page.getByRole('main')).toContainText(
    `Enter the 18 digits of an SSCC, or scan its label. ${wrong} ends in ${(right + 1) % 10}, but its check digit should be ${right} (the GS1 check digit of its first 17 digits).`,
  );
  await expect(page.getByText('No results found')).toHaveCount(0);
  await field.fill(sscc);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article', { name: `Carton ${sscc}` })).toBeVisible();
});

test("'Print new label' names the check digit an SSCC should have", async ({ page }) => {
  const sscc = toPrincipal.sscc;
  const right = expectedCheckDigit(sscc, 0, 18);
  const wrong = `${sscc.slice(0, 17)}${(right + 3) % 10}`;
  await login(page, 'rdc', 'rdc@demo.local');
  await expect(page).toHaveURL(/\/rdc$/);
  await page.goto('/rdc/printLabel');
  const field = page.getByRole('textbox', { name: 'SSCC' });
  await field.fill(wrong);
  await page.getByRole('button', { name: 'Print label' }).click();
  await expect(page.getByText(`${wrong} ends in ${(right + 3) % 10}, but its check digit should be ${right}`)).toBeVisible();
  await field.fill('12345');
  await page.getByRole('button', { name: 'Print label' }).click();
  await expect(page.getByText('Enter the 18 digits of an SSCC, or scan its label. 5 digits were entered.')).toBeVisible();
});

test("the scrapping note's list and details read the spec's headers in the local area, as in the regional one", async ({ page }) => {
  await login(page, 'ldc', 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Decomm', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scrapping Note List' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search SN No.' })).toBeVisible();
  await expectGlossaryWords(page);
  await page.goto('/ldc/decommDetails/7000000201');
  await expect(page.getByRole('heading', { level: 1, name: 'Scrapping Details' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Qty Decomm');
  await expectGlossaryWords(page);
});
