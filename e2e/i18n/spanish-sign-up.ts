import { expect, type Page } from '@playwright/test';
import { PASSWORD } from '../journeys/support/seed.ts';

/** The built-in provider's sign-up, then sign-in, as its Spanish pages say them. */
export async function signUpInSpanish(page: Page, email: string) {
  await page.goto('/signup');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Cree su cuenta' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirme la contraseña').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Crear la cuenta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Revise su correo electrónico' })).toBeVisible();
  await page.getByRole('link', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Le damos la bienvenida' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
}
