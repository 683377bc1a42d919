import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Scan#2026';

/** Logs in on an area's login page as a person would: type, then press the button. */
export async function login(page: Page, area: 'rdc' | 'ldc', email: string, password = PASSWORD): Promise<void> {
  await page.goto(`/${area}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByText('v3.0.0')).toBeVisible();
}
