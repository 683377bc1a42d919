import { expect, test } from '@playwright/test';
import { expectRestricted, login, PASSWORD, uniqueEmail } from './support.ts';

/**
 * Dead ends of issue 27: a page that refuses says what happened and whom to ask, and never shows an
 * HTTP status beside the server's message.
 */

test('an account with no role is told so and whom to ask, and signs out instead of going round to the site chooser', async ({ page }) => {
  await login(page, 'ldc', 'nobody@demo.local');
  await expect(page).toHaveURL(/\/restricted$/);
  await expectRestricted(page);
  const main = page.getByRole('main');
  await expect(
    main.getByText('The account nobody@demo.local has no role yet, so it cannot use either site. Ask an administrator to give it a role.'),
  ).toBeVisible();
  // 'Go to home' led to the site chooser, and from there back here.
  await expect(main.getByRole('link', { name: 'Go to home' })).toHaveCount(0);
  await main.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/ldc\/login/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('an account of the other area is told which area it may use and whom to ask for this one', async ({ page }) => {
  await login(page, 'ldc', 'rdc@demo.local');
  await expect(page).toHaveURL(/\/restricted\?area=LDC$/);
  const main = page.getByRole('main');
  await expect(main.getByText('To use the Local distribution centre (LDC), ask an administrator for a role there.')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Regional distribution centre (RDC)' })).toBeVisible();
});

test('at 360 px a regional account opening a local page is told it has no role in the local area, whom to ask, and the way to its own', async ({
  page,
}) => {
  await login(page, 'rdc', 'rdc@demo.local');
  await expect(page).toHaveURL(/\/rdc$/);
  await page.goto('/ldc/ibdList');
  await expect(page).toHaveURL(/\/restricted\?area=LDC$/);
  await expectRestricted(page);
  const main = page.getByRole('main');
  await expect(
    main.getByText('This account cannot use the Local distribution centre (LDC); it may use the Regional distribution centre (RDC).'),
  ).toBeVisible();
  await expect(main.getByText('To use the Local distribution centre (LDC), ask an administrator for a role there.')).toBeVisible();
  // Not the page-level refusal: the account has roles, only none in this area.
  await expect(main.getByText(/opens this page/)).toHaveCount(0);
  const home = main.getByRole('link', { name: 'Regional distribution centre (RDC)' });
  await expect(home).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await home.click();
  await expect(page).toHaveURL(/\/rdc$/);
});

test("an account without a role for the page is told so and whom to ask, and home is its area's", async ({ page }) => {
  await login(page, 'ldc', 'viewer@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.goto('/admin');
  await expectRestricted(page);
  const main = page.getByRole('main');
  await expect(
    main.getByText('None of the roles of viewer@demo.local opens this page. Ask an administrator if you need it.'),
  ).toBeVisible();
  await main.getByRole('link', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/ldc$/);
});

test('a sign-in failure shows the message, never the HTTP status', async ({ page }) => {
  await login(page, 'rdc', 'rdc@demo.local', 'Wrong#2026');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL(/\/rdc\/login/);
});

test('a user disabled while signed in is told why on the login page; at sign-in only the right password learns it', async ({
  page,
  browser,
}) => {
  // An operator signed in on their handheld.
  await login(page, 'ldc', 'admin@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  const roles = (await (await page.request.get('/api/admin/roles')).json()).data as { id: string; name: string }[];
  const email = uniqueEmail('dee');
  const created = await page.request.post('/api/admin/users', {
    data: { email, firstName: 'Dee', lastName: 'Sabled', password: PASSWORD, roleIds: [roles.find((r) => r.name === 'LDC operator')!.id] },
  });
  expect(created.status()).toBe(201);
  const operator = await (await browser.newContext()).newPage();
  await login(operator, 'ldc', email);
  await expect(operator).toHaveURL(/\/ldc$/);

  // The administrator disables the account, as the admin screen does.
  await page.goto('/admin');
  const card = page.getByRole('article', { name: email });
  await card.getByRole('button', { name: 'Disable' }).click();
  await page
    .getByRole('dialog', { name: /Disable Dee Sabled/ })
    .getByRole('button', { name: 'Disable' })
    .click();
  await expect(card.getByText('Disabled', { exact: true })).toBeVisible();

  // The operator's next step ends on the login page, which says why and whom to ask.
  const why = 'You were signed out because an administrator disabled this account. Ask an administrator to enable it again.';
  await operator.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Receive', exact: true }).click();
  await expect(operator).toHaveURL(/\/ldc\/login/);
  await expect(operator.getByRole('alert')).toHaveText(why);
  await operator.reload();
  await expect(operator.getByRole('alert')).toHaveText(why);

  // A guesser learns nothing (decision 0058): a wrong password is only wrong; the right one says disabled.
  const other = await (await browser.newContext()).newPage();
  await login(other, 'ldc', email, 'Guess#2026');
  await expect(other.getByRole('alert')).toHaveText('Invalid email or password.');
  await login(other, 'ldc', email);
  await expect(other.getByRole('alert')).toHaveText('This account is disabled. Ask an administrator to enable it again.');
  await expect(other).toHaveURL(/\/ldc\/login/);
});
