import { expect, test, type Locator, type Page } from '@playwright/test';
import { login, openMenu, PASSWORD, uniqueEmail } from './support.ts';

test('an admin grants a new user Receive lists only, then disables them', async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const roleName = `Receive clerks ${stamp}`;
  const email = uniqueEmail('clerk');

  // The admin finds the admin screen in the menu.
  await login(page, 'ldc', 'admin@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await openMenu(page);
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();

  // A role: the local area, and the Receive module's List feature only.
  await page.getByRole('tab', { name: 'Roles' }).click();
  await page.getByRole('button', { name: 'Create role' }).click();
  const roleDialog = page.getByRole('dialog', { name: 'Create role' });
  await roleDialog.getByRole('textbox', { name: 'Name' }).fill(roleName);
  await roleDialog.getByRole('checkbox', { name: 'LDC', exact: true }).check();
  const receive = roleDialog.getByRole('group', { name: 'LDC RECEIVE', exact: true });
  await receive.getByRole('checkbox', { name: 'List', exact: true }).check();
  await expect(receive.getByRole('checkbox', { name: 'Scan', exact: true })).not.toBeChecked();
  await roleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(roleDialog).toBeHidden();
  const roleCard = page.getByRole('article', { name: roleName });
  await expect(roleCard.getByText('LDC: RECEIVE (List)')).toBeVisible();

  // A user with that role.
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Create user' }).click();
  const userDialog = page.getByRole('dialog', { name: 'Create user' });
  await userDialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await userDialog.getByRole('textbox', { name: 'First name' }).fill('Carl');
  await userDialog.getByRole('textbox', { name: 'Last name' }).fill('Clerk');
  await userDialog.getByRole('textbox', { name: 'NRIC/FIN' }).fill('S7654321A');
  await userDialog.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await userDialog.getByRole('checkbox', { name: roleName }).check();
  await userDialog.getByRole('button', { name: 'Create user' }).click();
  await expect(userDialog).toBeHidden();
  const userCard = page.getByRole('article', { name: email });
  await expect(userCard.getByText(roleName)).toBeVisible();

  // The new user sees only what the role grants: Receive (Repack is a module of its own, decision 0057).
  const clerkContext = await browser.newContext();
  const clerk = await clerkContext.newPage();
  await login(clerk, 'ldc', email);
  await expect(clerk).toHaveURL(/\/ldc$/);
  const tiles = clerk.getByRole('navigation', { name: 'Modules' });
  await expect(tiles.getByRole('link', { name: 'Receive', exact: true })).toBeVisible();
  await expect(tiles.getByRole('link').or(tiles.getByRole('button'))).toHaveCount(1);

  // Disabling asks first, then ends their session at once.
  await userCard.getByRole('button', { name: 'Disable' }).click();
  const confirm = page.getByRole('dialog', { name: /Disable Carl Clerk/ });
  await expect(confirm.getByText('Their sessions end at once')).toBeVisible();
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(userCard.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(userCard.getByRole('button', { name: 'Enable' })).toBeVisible();

  await clerk.reload();
  await expect(clerk).toHaveURL(/\/ldc\/login/);
  await expect(clerk.getByRole('button', { name: 'Login' })).toBeVisible();
  await clerkContext.close();
});

/** A user made through the admin API with the page's admin session: the journeys below start from one. */
async function makeUser(page: Page, firstName: string, lastName: string, roleNames: string[]): Promise<string> {
  const roles = (await (await page.request.get('/api/admin/roles')).json()).data as { id: string; name: string }[];
  const email = uniqueEmail(firstName.toLowerCase());
  const roleIds = roleNames.map((name) => roles.find((r) => r.name === name)!.id);
  const res = await page.request.post('/api/admin/users', { data: { email, firstName, lastName, password: PASSWORD, roleIds } });
  expect(res.status()).toBe(201);
  return email;
}

/** The button is on screen and a tap at its centre lands on it, not on something drawn over it. */
async function expectTappable(page: Page, button: Locator): Promise<void> {
  await expect(button).toBeInViewport({ ratio: 1 });
  const box = (await button.boundingBox())!;
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null, {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
  expect(hit).toBe(await button.textContent());
}

test('at 360 px Edit roles keeps Save in reach, and granting Administrator asks first, naming the user (issue 27)', async ({ page }) => {
  await login(page, 'ldc', 'admin@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  const email = await makeUser(page, 'Pat', 'Promote', ['LDC viewer']);
  await page.goto('/admin');
  const card = page.getByRole('article', { name: email });
  // The card's buttons read in full: 'Edit roles', 'Set password', 'Disable'.
  await expect(card.getByRole('button', { name: 'Set password' })).toBeVisible();
  const clipped = await card.evaluate((c) =>
    [...c.querySelectorAll('.mantine-Button-label')].filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
  );
  expect(clipped).toEqual([]);
  await card.getByRole('button', { name: 'Edit roles' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit roles' });
  await expect(dialog.getByText('Roles of Pat Promote')).toBeVisible();

  // Every role is laid out in the form: ticking one covers nothing, and Save stays where a thumb finds it.
  const administrator = dialog.getByRole('checkbox', { name: 'Administrator', exact: true });
  await expect(administrator).not.toBeChecked();
  await dialog.getByRole('checkbox', { name: 'LDC operator', exact: true }).check();
  const save = dialog.getByRole('button', { name: 'Save' });
  await expectTappable(page, save);
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('LDC operator', { exact: true })).toBeVisible();
  await expect(card.getByText('Administrator', { exact: true })).toHaveCount(0);

  // Administrator: a confirmation naming the user; Cancel changes nothing.
  await card.getByRole('button', { name: 'Edit roles' }).click();
  await administrator.check();
  await expectTappable(page, save);
  await save.click();
  const confirm = page.getByRole('dialog', { name: 'Make Pat Promote an administrator?' });
  await expect(confirm.getByText('With Administrator, Pat Promote can create users, set passwords')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Administrator', { exact: true })).toHaveCount(0);

  await card.getByRole('button', { name: 'Edit roles' }).click();
  await administrator.check();
  await save.click();
  await confirm.getByRole('button', { name: 'Make administrator' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Administrator', { exact: true })).toBeVisible();
});

test('at 360 px a new user gets the register rule for their password, and Administrator asks first (issue 27)', async ({ page }) => {
  const email = uniqueEmail('short');
  await login(page, 'ldc', 'admin@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Create user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create user' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Sho');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Rty');
  await dialog.getByRole('textbox', { name: 'Password' }).fill('short');
  await expect(
    dialog.getByText('8 to 30 characters with an upper case letter, a lower case letter, a digit and a special character from !@#$%^&*.'),
  ).toBeVisible();
  const create = dialog.getByRole('button', { name: 'Create user' });
  await expectTappable(page, create);
  await create.click();
  await expect(
    dialog.getByText(
      'Password did not meet criteria. It needs at least 8 characters (it has 5), an upper case letter, a digit and a special character from !@#$%^&*.',
    ),
  ).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Password' }).fill('Short#2026');
  await dialog.getByRole('checkbox', { name: 'Administrator', exact: true }).check();
  await create.click();
  const confirm = page.getByRole('dialog', { name: 'Make Sho Rty an administrator?' });
  await confirm.getByRole('button', { name: 'Make administrator' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: email }).getByText('Administrator', { exact: true })).toBeVisible();
});

test("at 360 px an admin sets a user's password with the register rule, and it opens (issue 27)", async ({ page, browser }) => {
  await login(page, 'ldc', 'admin@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  const email = await makeUser(page, 'Rita', 'Reset', ['LDC operator']);
  await page.goto('/admin');
  await page.getByRole('article', { name: email }).getByRole('button', { name: 'Set password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set password' });
  await expect(dialog.getByText('New password for Rita Reset')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'New password' }).fill('resetpass1');
  await dialog.getByRole('button', { name: 'Set password' }).click();
  await expect(
    dialog.getByText('Password did not meet criteria. It needs an upper case letter and a special character from !@#$%^&*.'),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: 'New password' }).fill('Reset#2026');
  await dialog.getByRole('button', { name: 'Set password' }).click();
  await expect(dialog).toBeHidden();

  const rita = await (await browser.newContext()).newPage();
  await login(rita, 'ldc', email, 'Reset#2026');
  await expect(rita).toHaveURL(/\/ldc$/);
});

test('at 360 px the reader settings table fits: Edit is on screen with no sideways swipe (issue 27)', async ({ page }) => {
  const reader = `R360-${Date.now().toString(36)}`;
  await login(page, 'ldc', 'admin@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Reader settings' }).click();
  await page.getByRole('combobox', { name: 'Warehouse' }).click();
  await page.getByRole('option', { name: /^W3010 / }).click();
  const form = page.getByRole('form', { name: 'Reader settings' });
  await form.getByRole('textbox', { name: 'Reader', exact: true }).fill(reader);
  await form.getByRole('textbox', { name: 'Prefix' }).fill('ABCDEFGHIJKLMNOPQRST');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings updated successfully!' })).toBeVisible();

  const table = page.getByRole('table', { name: 'Reader settings' });
  const row = table.getByRole('row').filter({ hasText: reader });
  const edit = row.getByRole('button', { name: `Edit ${reader}` });
  await expect(edit).toBeInViewport({ ratio: 1 });
  for (const cell of await row.getByRole('cell').all()) await expect(cell).toBeInViewport({ ratio: 1 });
  // Nothing around the table scrolls sideways: not the page, not a box holding the table.
  const widths = await table.evaluate((t) => {
    const swipers: string[] = [];
    for (let e: Element | null = t; e; e = e.parentElement) {
      if (e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)) swipers.push(e.className);
    }
    return { right: t.getBoundingClientRect().right, page: document.documentElement.scrollWidth, swipers };
  });
  expect(widths).toEqual({ right: expect.any(Number), page: 360, swipers: [] });
  expect(widths.right).toBeLessThanOrEqual(360);
  await edit.click();
  await expect(form.getByRole('textbox', { name: 'Reader', exact: true })).toHaveValue(reader);
});
