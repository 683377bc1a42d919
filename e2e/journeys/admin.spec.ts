import { expect, test } from '@playwright/test';
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
  await userDialog.getByRole('combobox', { name: 'Roles' }).click();
  await page.getByRole('option', { name: roleName }).click();
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
