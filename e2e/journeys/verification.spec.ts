import { expect, test, type Page } from '@playwright/test';
import { startNmvsSimulator } from '@pharma/national-systems/simulator';
import { DEMO_WAREHOUSES } from '../../apps/server/src/seed/demo.ts';
import { CodeMaker, type CartonSpec, type PackSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { receiveIbd, scanAndComplete } from '../../apps/server/src/seed/stock-builder.ts';
import { adminApi, apiPort, demoProducts, packCode } from '../support/stage-ibd.ts';
import { login, logout, look, openMenu, sendScan } from './support.ts';

/**
 * Pack verification against the national system (issue 28, decision 0081), in each area, on a handheld
 * and at a desk. The journey brings its own NMVS simulator (a real SOAP server in the test process) and
 * points the area's warehouse at it through the integration API; the stock is its own, received by code
 * with codes of its own: a carton of two packs and two loose packs, of which the simulator knows the
 * carton's packs (active) and one loose pack (destroyed), and not the other. The operator verifies a pack
 * of the carton on its own page, reached from the carton's item details (green); scans the destroyed pack
 * on the search page and verifies it (red: inactive, DESTROYED); scans the pack the system does not know
 * (red: NMVS_NC_PC_02 with a level-5 alert id); then the Verification page lists the three with their
 * outcomes, and its Alerts filter only the alert. Locally, a viewer (no VerifyPack) sees the pack without
 * the action, and the requests. At the end the warehouse has no national system again, as before.
 */
const STAMP = String(Date.now()).slice(-8);
// Extension digit 8 with a seed of its own: SSCCs and serials apart from the other journeys'.
const codes = new CodeMaker(Number(STAMP.slice(-6)) + 282_828, '8');
const NMVS_CLIENT = { clientLoginId: 'PHARMA-E2E', userId: 'e2e-operator', password: 'e2e-nmvs-password' };
const ALERT_ID = /^NMVS-ALERT-[0-9A-F]{12}$/;

interface Setup {
  area: 'rdc' | 'ldc';
  user: string;
  warehouseNo: string;
  ibd: string;
  carton?: CartonSpec;
  /** Known to the simulator as destroyed. */
  destroyed?: PackSpec;
  /** Unknown to the simulator (its GTIN is known): an alert. */
  unknown?: PackSpec;
  /** Known and active: scrapped on a note of its own, destroyed at the NMVS on completion. */
  scrapped?: CartonSpec;
}

const AREAS: Setup[] = [
  { area: 'rdc', user: 'rdc@demo.local', warehouseNo: 'W2010', ibd: `28${STAMP}` },
  { area: 'ldc', user: 'ldc@demo.local', warehouseNo: 'W3010', ibd: `29${STAMP}` },
];

type NmvsSimulator = Awaited<ReturnType<typeof startNmvsSimulator>>;
/** A pack as the simulator is loaded with it. */
type SimulatedPack = NonNullable<NonNullable<Parameters<typeof startNmvsSimulator>[0]>['packs']>[number];
let nmvs: NmvsSimulator | undefined;

/** '2028-06-30' as the NMVS takes an expiry: YYMMDD. */
const yymmdd = (iso: string) => `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`;
const asNmvs = (pack: PackSpec): SimulatedPack => ({
  gtin: pack.gtin,
  serial: pack.serial,
  batch: pack.batch,
  expiry: yymmdd(pack.expiry),
});

/** The warehouse's setup through the integration API, its SSCC issuer as the demo has it, with `verification` set or removed. */
async function setVerification(warehouseNo: string, verification: Record<string, unknown> | null): Promise<void> {
  const warehouse = DEMO_WAREHOUSES.find((w) => w.warehouseNo === warehouseNo)!;
  const api = await adminApi();
  const res = await api.put(`/api/integration/warehouses/${warehouseNo}`, {
    data: { gs1CompanyPrefix: warehouse.gs1CompanyPrefix, extensionDigit: warehouse.extensionDigit, printers: [], verification },
  });
  expect(res.status(), await res.text()).toBe(200);
  await api.dispose();
}

test.beforeAll(async () => {
  const api = await adminApi();
  const packs: SimulatedPack[] = [];
  for (const [i, setup] of AREAS.entries()) {
    const products = await demoProducts(api, `VF${STAMP.slice(-5)}${i}`);
    const product = products[2]!;
    const carton = codes.carton(2, product);
    const scrapped = codes.carton(3, product);
    const [destroyed, unknown] = codes.packs(2, product);
    await receiveIbd(
      apiPort(api, setup.area === 'rdc' ? 'RDC' : 'LDC'),
      setup.ibd,
      { cartons: [carton, scrapped], packs: [destroyed!, unknown!] },
      [product],
      {
        warehouseNo: setup.warehouseNo,
      },
    );
    packs.push(...carton.packs.map(asNmvs), ...scrapped.packs.map(asNmvs), {
      ...asNmvs(destroyed!),
      state: 'INACTIVE',
      reasons: ['DESTROYED'],
    });
    Object.assign(setup, { carton, destroyed, unknown, scrapped });
  }
  await api.dispose();
  nmvs = await startNmvsSimulator({ clients: [NMVS_CLIENT], packs });
  for (const setup of AREAS) {
    await setVerification(setup.warehouseNo, {
      system: 'NMVS',
      url: nmvs.url,
      clientId: NMVS_CLIENT.clientLoginId,
      user: NMVS_CLIENT.userId,
      secret: NMVS_CLIENT.password,
    });
  }
});

test.afterAll(async () => {
  // The warehouses as they were: no national system (the demo sets none).
  for (const setup of AREAS) await setVerification(setup.warehouseNo, null);
  await nmvs?.close();
});

const packName = (pack: PackSpec) => `Pack ${pack.gtin}/${pack.serial}`;

/** The search page's field, a pack's code sent into it as a scanner sends it; the pack's card. */
async function searchPack(page: Page, area: 'rdc' | 'ldc', pack: PackSpec) {
  await page.goto(area === 'rdc' ? '/rdc/searchPage' : '/ldc/searchPageLDC');
  await page.getByRole('textbox', { name: 'SSCC or pack code' }).click();
  await sendScan(page, packCode(pack));
  const card = page.getByRole('article', { name: packName(pack) });
  await expect(card).toBeVisible();
  return card;
}

/** 'Verify pack' on a pack's card, and the system's answer shown on it. */
async function verifyOn(card: ReturnType<Page['getByRole']>) {
  await card.getByRole('button', { name: 'Verify pack' }).click();
  const answer = card.getByTestId('verify-answer');
  await expect(answer).toBeVisible();
  return answer;
}

/** A request's card on the Verification page: 'Verify GTIN/serial'. */
const requestCard = (page: Page, pack: PackSpec) => page.getByRole('article', { name: `Verify ${pack.gtin}/${pack.serial}` });

for (const setup of AREAS) {
  test(`${setup.area.toUpperCase()}: a pack verified on its page (green), a destroyed one and one unknown to the NMVS refused (red, the alert with its id), the Verification page and its alert filter`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const carton = setup.carton!;
    const active = carton.packs[0]!;
    const destroyed = setup.destroyed!;
    const unknown = setup.unknown!;
    await login(page, setup.area, setup.user);
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();

    // The carton's item details, its contents, the pack's page: Verify pack answers green.
    if (setup.area === 'rdc') {
      await page.goto(`/rdc/carton/cartonDetails/packList?sscc=${carton.sscc}`);
      await page
        .getByRole('region', { name: 'Pack list' })
        .getByRole('link', { name: new RegExp(active.serial) })
        .click();
      await expect(page).toHaveURL(/\/rdc\/pack\/packDetails\/packDetail\?/);
    } else {
      await page.goto(`/ldc/itemDetails/${carton.sscc}`);
      await page
        .getByRole('region', { name: 'Contents' })
        .getByRole('link', { name: new RegExp(active.serial) })
        .click();
      await expect(page).toHaveURL(/\/ldc\/searchPageLDC\?code=/);
    }
    const activeCard = page.getByRole('article', { name: packName(active) });
    const green = await verifyOn(activeCard);
    await expect(green.getByText('Verified', { exact: true })).toBeVisible();
    await expect(green).toContainText('The NMVS verified the pack: it is active (NMVS_SUCCESS).');
    await expect(green).toHaveAttribute('role', 'status');
    await expect(activeCard.getByRole('button', { name: 'Verify again' })).toBeVisible();
    await look(page, testInfo, `${setup.area}-verified`);

    // The destroyed pack, scanned on the search page: red, the system's state and reason named.
    const destroyedCard = await searchPack(page, setup.area, destroyed);
    const inactive = await verifyOn(destroyedCard);
    await expect(inactive.getByText('Not verified', { exact: true })).toBeVisible();
    await expect(inactive).toHaveAttribute('role', 'alert');
    await expect(inactive).toContainText('The NMVS did not verify the pack as active: it is inactive (DESTROYED).');

    // The pack the system does not know: red, NMVS_NC_PC_02 and the alert it raised.
    const unknownCard = await searchPack(page, setup.area, unknown);
    const alert = await verifyOn(unknownCard);
    await expect(alert.getByText('Not verified', { exact: true })).toBeVisible();
    await expect(alert).toContainText('The NMVS did not verify the pack: NMVS_NC_PC_02');
    await expect(alert.getByRole('group', { name: 'Return code' })).toContainText('NMVS_NC_PC_02');
    const alertId = (await alert.getByRole('group', { name: 'Alert ID' }).locator('p').last().textContent())!.trim();
    expect(alertId).toMatch(ALERT_ID);
    await look(page, testInfo, `${setup.area}-alert`);

    // The simulator applied each verification once.
    expect(nmvs!.registry.read(active.gtin, active.serial)?.history.map((h) => h.returnCode)).toEqual(['NMVS_SUCCESS']);

    // The Verification page, from the menu: the three requests, newest first, with their outcomes and codes.
    await openMenu(page);
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Verification', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${setup.area}/verification$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Verification' })).toBeVisible();
    await expect(requestCard(page, active)).toContainText('Verified');
    await expect(requestCard(page, active).getByRole('group', { name: 'Return code' })).toContainText('NMVS_SUCCESS');
    await expect(requestCard(page, destroyed)).toContainText('Refused');
    await expect(requestCard(page, destroyed).getByRole('group', { name: 'Answer' })).toContainText('inactive (DESTROYED)');
    const alertCard = requestCard(page, unknown);
    await expect(alertCard).toContainText('Alert');
    await expect(alertCard.getByRole('group', { name: 'Return code' })).toContainText('NMVS_NC_PC_02');
    await expect(alertCard.getByRole('group', { name: 'Alert ID' })).toContainText(alertId);
    await expect(alertCard.getByRole('group', { name: 'Purpose' })).toContainText('On demand');
    await expect(alertCard.getByRole('group', { name: 'System' })).toContainText('NMVS');
    await expect(alertCard.getByRole('group', { name: 'Batch' })).toContainText(unknown.batch);
    await expect(alertCard.getByRole('group', { name: 'Expiry' })).toContainText(unknown.expiry);
    await expect(alertCard.getByRole('group', { name: 'Requested by' })).toContainText(
      setup.area === 'rdc' ? 'Raj Regional' : 'Lina Local',
    );
    // Newest first: the alert (the last asked) comes before the verified pack.
    const order = await page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));
    expect(order.indexOf(`Verify ${unknown.gtin}/${unknown.serial}`)).toBeLessThan(order.indexOf(`Verify ${active.gtin}/${active.serial}`));
    await look(page, testInfo, `${setup.area}-requests`);

    // Alerts only: the alert, and no request of another outcome.
    await page
      .locator('label')
      .filter({ hasText: /^Alerts$/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${setup.area}/verification\\?outcome=alert$`));
    await expect(requestCard(page, unknown)).toBeVisible();
    await expect(requestCard(page, active)).toHaveCount(0);
    await expect(requestCard(page, destroyed)).toHaveCount(0);
    const badges = page.getByRole('region', { name: 'Verification requests' }).locator('.mantine-Badge-label');
    await expect(badges.first()).toBeVisible();
    expect(new Set(await badges.allTextContents())).toEqual(new Set(['Alert']));
    await look(page, testInfo, `${setup.area}-alerts`);

    if (setup.area === 'ldc') {
      // A viewer (the page, no VerifyPack): the pack without the action; the requests listed.
      await logout(page);
      await login(page, 'ldc', 'viewer@demo.local');
      await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
      const card = await searchPack(page, 'ldc', active);
      await expect(card.getByText('ACTIVE', { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Verify pack' })).toHaveCount(0);
      await page.goto('/ldc/verification?outcome=alert');
      await expect(requestCard(page, unknown)).toBeVisible();
    }
  });
}

for (const setup of AREAS) {
  test(`${setup.area.toUpperCase()}: a scrapping note completed destroys its packs at the NMVS; its Reopen Document is refused, saying why`, async ({
    page,
  }, testInfo) => {
    const carton = setup.scrapped!;
    const pack = carton.packs[0]!;
    const note = `${setup.area === 'rdc' ? '71' : '72'}${STAMP}`;
    const api = await adminApi();
    const put = await api.put(`/api/integration/documents/DECOMM/${note}`, {
      data: {
        warehouseNo: setup.warehouseNo,
        date: '2026-11-27',
        lines: [
          { lineNo: 10, materialNo: (await demoProducts(api, 'X'))[2]!.materialNo, batchNo: pack.batch, quantity: carton.packs.length },
        ],
      },
    });
    expect(put.status(), await put.text()).toBe(200);
    await scanAndComplete(apiPort(api, setup.area === 'rdc' ? 'RDC' : 'LDC'), 'DECOMM', note, [carton]);
    await api.dispose();
    // Destroyed at the NMVS as one bulk request, sent once the completion committed.
    await expect
      .poll(() => carton.packs.map((p) => nmvs!.registry.read(p.gtin, p.serial)?.state), { timeout: 20_000 })
      .toEqual(carton.packs.map(() => 'INACTIVE'));

    await login(page, setup.area, setup.user);
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
    await page.goto(setup.area === 'rdc' ? `/rdc/decommNo/${note}` : `/ldc/decommDetails/${note}`);
    await page.getByRole('button', { name: 'Reopen Document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reopen this scrapping note?' });
    await expect(dialog).toContainText(`SN ${note} goes back to In Progress`);
    await dialog.getByRole('button', { name: 'Reopen' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      `DECOMM ${note} cannot be reopened: the NMVS has recorded the destruction of its 3 packs, and a destruction cannot be undone in the NMVS.`,
    );
    // Nothing changed: the note is still completed.
    await expect(page.getByText(`DECOMM ${note} is already completed: it takes no more changes.`)).toBeVisible();
    await look(page, testInfo, `${setup.area}-scrapping-reopen-refused`);
  });
}
