import { expect, test, type Page } from '@playwright/test';
import { fullModuleGrant } from '../../packages/domain/src/permissions.ts';
import { CodeMaker, type PackSpec, type PalletSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { receiveIbd, type Product } from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort, demoProducts, packCode, PASSWORD } from '../support/stage-ibd.ts';
import { login, logout, look, openMenu, sendScan, uniqueEmail } from './support.ts';

/**
 * The stock take (issue 31, decisions 0079 and 0080), in each area, on a handheld and at a desk: a counter
 * (the module without ApproveCount) opens the Stock Take tile, creates a blind count of the journey's own
 * batch, scans its pallet (two cartons of two packs) and two of its three loose packs, sees only what was
 * counted, is refused completing without a reason (the server names the line), completes with one; the
 * area's operator (ApproveCount) finds the count through the list's status filter, sees the expected
 * figures and the missing pack, and approves it. The count is scoped to the journey's batch, received by
 * code with codes of its own, so no other journey's stock is counted, marked missing or moved; its expiry
 * is far off, so no first-expiry advice of another journey changes.
 */
const STAMP = String(Date.now()).slice(-8);
// Extension digit 9 with a seed of its own: SSCCs and serials apart from the other journeys'.
const codes = new CodeMaker(Number(STAMP.slice(-6)) + 313_131, '9');

interface Setup {
  area: 'rdc' | 'ldc';
  approver: string;
  warehouseNo: string;
  ibd: string;
  counter?: string;
  product?: Product;
  pallet?: PalletSpec;
  loose?: PackSpec[];
}

const AREAS: Setup[] = [
  { area: 'rdc', approver: 'rdc@demo.local', warehouseNo: 'W2010', ibd: `31${STAMP}` },
  { area: 'ldc', approver: 'ldc@demo.local', warehouseNo: 'W3010', ibd: `32${STAMP}` },
];

/** Module STOCKTAKE with every action but ApproveCount: a counter, who sees a blind count blind. */
function counterGrant() {
  const full = fullModuleGrant('STOCKTAKE');
  return {
    ...full,
    isCompletelyPermitted: false,
    features: full.features.map((f) => ({ ...f, actions: f.actions.filter((a) => a !== 'ApproveCount') })),
  };
}

test.beforeAll(async () => {
  const api = await adminApi();
  for (const [i, setup] of AREAS.entries()) {
    const AREA = setup.area === 'rdc' ? 'RDC' : 'LDC';
    const port = apiPort(api, AREA);
    const products = await demoProducts(api, `ST${STAMP.slice(-5)}${i}`);
    // A batch of the journey's own, expiring long after every other journey's stock of the material.
    const product = { ...products[1]!, expiry: '2030-12-31' };
    const pallet = codes.pallet(2, 2, product);
    const loose = codes.packs(3, product);
    await receiveIbd(port, setup.ibd, { pallets: [pallet], packs: loose }, [product], { warehouseNo: setup.warehouseNo });

    const role = await api.post('/api/admin/roles', {
      data: {
        name: `Stock take counter ${setup.area} ${STAMP}`,
        areas: [AREA],
        applications: [{ application: AREA, modules: [counterGrant()] }],
        rights: [],
      },
    });
    expect(role.status(), await role.text()).toBe(201);
    const email = uniqueEmail(`counter-${setup.area}`);
    const user = await api.post('/api/admin/users', {
      data: { email, firstName: 'Cora', lastName: 'Counter', password: PASSWORD, roleIds: [((await role.json()) as { id: string }).id] },
    });
    expect(user.status(), await user.text()).toBe(201);
    Object.assign(setup, { counter: email, product, pallet, loose });
  }
  await api.dispose();
});

/** A scan into the focused scan field, as a wedge scanner sends it: the whole code, then Enter. */
async function scan(page: Page, raw: string, answer: RegExp) {
  await expect(page.getByRole('textbox', { name: 'Scan Item' })).toBeFocused();
  await sendScan(page, raw);
  await expect(page.getByRole('status').filter({ hasText: answer })).toBeVisible();
}

/** A pack's status as the search API of its area answers it. */
async function statusOf(pack: PackSpec, area: 'rdc' | 'ldc'): Promise<string | undefined> {
  const api = await adminApi();
  const res = await api.get(`/api/serialSearch/${encodeURIComponent(pack.serial)}?area=${area.toUpperCase()}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { status: string }[] };
  await api.dispose();
  return body.data[0]?.status;
}

const cell = (page: Page, row: string, column: number) =>
  page.getByRole('region', { name: 'Count per material and batch' }).getByRole('row', { name: row }).getByRole('cell').nth(column);

for (const setup of AREAS) {
  test(`${setup.area.toUpperCase()}: a blind count scanned, completed with a reason and approved by another person; approval by whoever completed it refused`, async ({
    page,
  }, testInfo) => {
    // Two counts by two people, each page looked at in two widths.
    test.setTimeout(90_000);
    const product = setup.product!;
    const loose = setup.loose!;
    const pallet = setup.pallet!;
    const line = `${product.materialNo} ${product.batch}`;

    // The counter: the tile, the list, a new blind count of the batch.
    await login(page, setup.area, setup.counter!);
    const tiles = page.getByRole('navigation', { name: 'Modules' });
    await tiles.getByRole('link', { name: 'Stock Take', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${setup.area}/stockTakeList$`));
    await page.getByRole('link', { name: 'New count' }).click();
    await page.getByRole('combobox', { name: 'Warehouse' }).selectOption(setup.warehouseNo);
    await page.getByRole('textbox', { name: 'Material No. (optional)' }).fill(product.materialNo);
    await page.getByRole('textbox', { name: 'Batch No. (optional)' }).fill(product.batch);
    await expect(page.getByRole('checkbox', { name: 'Blind count' })).toBeChecked();
    await look(page, testInfo, `${setup.area}-new`);
    await page.getByRole('button', { name: 'Create count' }).click();

    await expect(page).toHaveURL(new RegExp(`/${setup.area}/stockTakeNo/ST\\d{8}$`));
    const number = page.url().split('/').pop()!;
    await expect(page.getByText(`Count No. ${number}`)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Blind count' })).toContainText('Yes');
    await expect(page.getByText('Blind count: only what was counted is shown.')).toBeVisible();

    // The scan: the pallet (4 packs under it) and two of the three loose packs.
    await page.getByRole('link', { name: `Scan units of ${number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/${setup.area}/stockTakeScan/${number}$`));
    await scan(page, `00${pallet.sscc}`, /Pallet .* accepted: 4 packs counted\./);
    await scan(page, packCode(loose[0]!), /Pack .* accepted: 1 pack counted\./);
    await scan(page, packCode(loose[1]!), /Pack .* accepted: 1 pack counted\./);
    const counted = page.getByRole('region', { name: 'Counted so far' });
    await expect(counted.getByRole('row', { name: line }).getByRole('cell').last()).toHaveText('6');
    await look(page, testInfo, `${setup.area}-scan`);

    // Blind: no expected figure, no difference; completing without a reason is refused naming the line.
    await page.getByRole('link', { name: 'Count Details' }).click();
    await expect(cell(page, line, 1)).toHaveText('6');
    await expect(page.getByRole('columnheader', { name: 'Expected' })).toHaveCount(0);
    const form = page.getByRole('form', { name: 'Complete count' });
    await form.getByRole('button', { name: 'Complete count' }).click();
    await expect(form.getByRole('alert')).toContainText(product.materialNo);
    await expect(form.getByRole('alert')).toContainText(product.batch);
    await form
      .getByRole('combobox', { name: `Reason for material ${product.materialNo}, batch ${product.batch}` })
      .selectOption('MISPLACED');
    await form.getByRole('button', { name: 'Complete count' }).click();
    await expect(page.getByTestId('stock-take-notice')).toHaveText(
      `Stock take ${number} completed. Another person with the right to approve counts must approve it before the stock changes.`,
    );
    await expect(page.getByRole('group', { name: 'State' })).toContainText('Waiting for approval');
    await expect(page.getByRole('button', { name: 'Approve count' })).toHaveCount(0);
    await look(page, testInfo, `${setup.area}-completed`);

    // Another person, with ApproveCount: through the menu and the list's status filter, the full view, then approval.
    await logout(page);
    await login(page, setup.area, setup.approver);
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
    await openMenu(page);
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Stock Take' }).click();
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('checkbox', { name: 'In Progress' }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('searchbox', { name: 'Search Count No.' }).fill(number);
    await page.getByRole('searchbox', { name: 'Search Count No.' }).press('Enter');
    await expect(page.getByRole('link', { name: `Count No. ${number}` })).toBeVisible();
    await look(page, testInfo, `${setup.area}-list`);
    await page.getByRole('link', { name: `Count No. ${number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/${setup.area}/stockTakeNo/${number}$`));
    await expect(cell(page, line, 1)).toHaveText('7');
    await expect(cell(page, line, 2)).toHaveText('6');
    await expect(cell(page, line, 3)).toHaveText('\u22121');
    const missing = `${loose[2]!.gtin}/${loose[2]!.serial}`;
    await expect(page.getByRole('region', { name: 'Count per material and batch' })).toContainText(`Missing (1)${missing}`);
    await expect(page.getByRole('region', { name: 'Count per material and batch' })).toContainText('Reason: Misplaced');
    await look(page, testInfo, `${setup.area}-approve`);
    await page.getByRole('button', { name: 'Approve count' }).click();
    await expect(page.getByTestId('stock-take-notice')).toContainText(number);
    await expect(page.getByRole('group', { name: 'State' })).toContainText('Approved');
    await expect(page.getByRole('group', { name: 'Approved by' })).toContainText(setup.approver);

    await expect(page.getByTestId('stock-take-notice')).toContainText('1 unit set MISSING');

    // As search shows them: the missing pack is MISSING now, a counted one is as it was (ACTIVE).
    expect(await statusOf(loose[2]!, setup.area)).toBe('MISSING');
    expect(await statusOf(loose[0]!, setup.area)).toBe('ACTIVE');

    // A count not blind of the pallet alone, by the operator: counted, recounted, all there, no reason asked; their own approval is refused.
    await page.goto(`/${setup.area}/stockTakeNew`);
    await page.getByRole('combobox', { name: 'Warehouse' }).selectOption(setup.warehouseNo);
    await page.getByRole('textbox', { name: 'Pallet or carton SSCC (optional)' }).fill(pallet.sscc);
    await page.getByRole('checkbox', { name: 'Blind count' }).uncheck();
    await page.getByRole('button', { name: 'Create count' }).click();
    await expect(page).toHaveURL(new RegExp(`/${setup.area}/stockTakeNo/ST\\d{8}$`));
    const second = page.url().split('/').pop()!;
    await expect(page.getByRole('group', { name: 'What is counted' })).toContainText(`Under ${pallet.sscc}`);
    await expect(cell(page, line, 1)).toHaveText('4');
    await expect(cell(page, line, 2)).toHaveText('0');
    await page.getByRole('link', { name: `Scan units of ${second}` }).click();
    await scan(page, `00${pallet.sscc}`, /Pallet .* accepted: 4 packs counted\./);
    await page.getByRole('link', { name: 'Count Details' }).click();
    await expect(cell(page, line, 3)).toHaveText('0');
    // A recount clears the line (both counts stay in the trail); the pallet is scanned again.
    await page.getByRole('button', { name: `Recount material ${product.materialNo}, batch ${product.batch}` }).click();
    await expect(page.getByTestId('stock-take-notice')).toHaveText(
      `Material ${product.materialNo}, batch ${product.batch} cleared on ${second}: count it again (round 1).`,
    );
    await expect(cell(page, line, 2)).toHaveText('0');
    await expect(cell(page, line, 0)).toContainText('Recount 1');
    await page.getByRole('link', { name: `Scan units of ${second}` }).click();
    await scan(page, `00${pallet.sscc}`, /Pallet .* accepted: 4 packs counted\./);
    await page.getByRole('link', { name: 'Count Details' }).click();
    await expect(cell(page, line, 2)).toHaveText('4');
    await page.getByRole('form', { name: 'Complete count' }).getByRole('button', { name: 'Complete count' }).click();
    await expect(page.getByRole('group', { name: 'State' })).toContainText('Waiting for approval');
    await page.getByRole('button', { name: 'Approve count' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      `You completed stock take ${second}, so you cannot approve it: another person with the right to approve counts must do it.`,
    );
    await expect(page.getByRole('group', { name: 'State' })).toContainText('Waiting for approval');
    // Closed by another person (the admin), so no count of the journey stays open: nothing to adjust.
    const admin = await adminApi();
    const closed = await admin.post(`/api/stockTakes/${second}/approve?area=${setup.area.toUpperCase()}`);
    expect(closed.status(), await closed.text()).toBe(200);
    expect(((await closed.json()) as { adjusted: unknown }).adjusted).toEqual({ missing: 0, found: 0 });
    await admin.dispose();
  });
}
