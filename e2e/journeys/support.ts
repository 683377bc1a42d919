import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Scan#2026';

/** Logs in on an area's login page as a person would: type, then press the button. */
export async function login(page: Page, area: 'rdc' | 'ldc', email: string, password = PASSWORD): Promise<void> {
  await page.goto(`/${area}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByText('v3.0.0')).toBeVisible();
}
