import { expect, test, type Page } from '@playwright/test';
import { OIDC } from '../support/settings.ts';

/** At the organisation's provider (its development pages): sign in as `email`, then consent. */
async function signInAtProvider(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${OIDC.issuer}`));
  await page.getByPlaceholder('Enter any login').fill(email);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a local operator signs in with their organisation and lands on the local home', async ({ page }) => {
  await page.goto('/ldc/login');
  await page.getByRole('link', { name: 'Sign in with your organisation' }).click();
  await signInAtProvider(page, 'ldc@demo.local');
  await expect(page).toHaveURL(/\/ldc$/);
  const tiles = page.getByRole('navigation', { name: 'Modules' });
  await expect(tiles.getByRole('link', { name: 'Receive', exact: true })).toBeVisible();
  // The 16 local tiles, Search, Recall, Reports, Stock Take and Verification.
  await expect(tiles.getByRole('link').or(tiles.getByRole('button'))).toHaveCount(21);
});

test('an organisation account with no user here comes back to the login page with the reason', async ({ page }) => {
  await page.goto('/ldc/login');
  await page.getByRole('link', { name: 'Sign in with your organisation' }).click();
  await signInAtProvider(page, 'ghost@elsewhere.example');
  await expect(page).toHaveURL(/\/ldc\/login\?sso_error=SSO_NO_ACCOUNT/);
  await expect(page.getByRole('alert')).toHaveText('No account is linked to ghost@elsewhere.example. Please contact the admin.');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('both login pages offer single sign-on and a way to request an account', async ({ page }) => {
  for (const area of ['rdc', 'ldc']) {
    await page.goto(`/${area}/login?returnPath=%2F${area}%2FrmaList`);
    const sso = page.getByRole('link', { name: 'Sign in with your organisation' });
    await expect(sso).toHaveAttribute('href', `/api/sso/start?area=${area}&returnPath=%2F${area}%2FrmaList`);
    await expect(page.getByRole('link', { name: 'Request an account' })).toHaveAttribute('href', '/register');
  }
});
