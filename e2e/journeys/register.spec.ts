import { expect, test, type Page } from '@playwright/test';
import { expectRestricted, login, uniqueEmail } from './support.ts';

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function fill(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await field(page, name).fill(value);
}

test('the register form shows the spec messages under each wrong field', async ({ page }) => {
  await page.goto('/ldc/login');
  await page.getByRole('link', { name: 'Request an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Singapore (+65)');

  await page.getByRole('button', { name: 'Request account' }).click();
  for (const label of ['First name', 'Last name', 'Email', 'Mobile number', 'Date of birth', 'Password', 'Confirm password']) {
    await expect(page.getByText(`${label} cannot be empty.`, { exact: true })).toBeVisible();
  }

  await fill(page, {
    'First name': 'Tan',
    'Last name': 'Mei Ling',
    Email: 'not-an-email',
    'Mobile number': '12345',
    Password: 'weakpass',
    'Confirm password': 'weakpass',
  });
  await page.getByLabel('Date of birth').fill('2015-06-01');
  await page.getByRole('button', { name: 'Request account' }).click();
  await expect(page.getByText('Invalid email format.', { exact: true })).toBeVisible();
  await expect(page.getByText("Mobile format doesn't match with +65.", { exact: true })).toBeVisible();
  await expect(page.getByText('You must be 18 years or older to use this app.', { exact: true })).toBeVisible();
  // The spec's sentence, then what the password needs (issue 27).
  await expect(
    page.getByText('Password did not meet criteria. It needs an upper case letter, a digit and a special character from !@#$%^&*.', {
      exact: true,
    }),
  ).toBeVisible();

  await fill(page, { Password: 'Strong#2026', 'Confirm password': 'Strong#2027' });
  await page.getByRole('button', { name: 'Request account' }).click();
  await expect(page.getByText('Passwords do not match.', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Password did not meet criteria\./)).toHaveCount(0);
});

test('a person requests an account, then signs in to a site they have no access to yet', async ({ page }) => {
  const email = uniqueEmail('applicant');
  await page.goto('/register');
  await fill(page, {
    'First name': 'Tan',
    'Last name': 'Mei Ling',
    Email: email,
    'Mobile number': '9123 4567',
    Password: 'Strong#2026',
    'Confirm password': 'Strong#2026',
  });
  await page.getByLabel('Date of birth').fill('1990-02-14');
  await page.getByRole('button', { name: 'Request account' }).click();
  await expect(page.getByRole('heading', { name: 'Account requested' })).toBeVisible();
  await expect(page.getByText(/an admin must grant you access/i)).toBeVisible();

  // The same email again gets the same answer: registration does not reveal which emails have accounts.
  await page.goto('/register');
  await fill(page, {
    'First name': 'Tan',
    'Last name': 'Mei Ling',
    Email: email,
    'Mobile number': '91234567',
    Password: 'Strong#2026',
    'Confirm password': 'Strong#2026',
  });
  await page.getByLabel('Date of birth').fill('1990-02-14');
  await page.getByRole('button', { name: 'Request account' }).click();
  await expect(page.getByRole('heading', { name: 'Account requested' })).toBeVisible();

  // Signed in, the account has no area yet: the no-access page says so and whom to ask (decision 0057, issue 27).
  await login(page, 'ldc', email, 'Strong#2026');
  await expect(page).toHaveURL(/\/restricted$/);
  await expectRestricted(page);
  await expect(
    page
      .getByRole('main')
      .getByText(`The account ${email} has no role yet, so it cannot use either site. Ask an administrator to give it a role.`),
  ).toBeVisible();
});
