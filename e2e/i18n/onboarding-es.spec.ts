import { expect, test } from '@playwright/test';
import { signUpInSpanish } from './spanish-sign-up.ts';

/**
 * Issue 42: the customer area speaks Spanish from its first render for a Spanish browser (its
 * catalog loads with the area, ADR 73's addendum): no English first, no message id on screen.
 * At 390 px, as a person on a phone signs up.
 */
test.use({ viewport: { width: 390, height: 844 }, locale: 'es-US' });

test('a Spanish browser signs up and reads the onboarding welcome and profile step in Spanish', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpInSpanish(page, `onboard-es-${Date.now()}@example.com`);
  await expect(page.getByRole('heading', { level: 1, name: 'Le damos la bienvenida a Pria' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
  await expect(page).toHaveTitle('Bienvenida | Pria');
  await expect(page.getByText('Welcome to Pria')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Lo haré más tarde' })).toBeVisible();

  await page.getByRole('button', { name: 'Comenzar' }).click();
  await expect(page.getByRole('heading', { name: 'Sus datos' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Información personal' });
  await expect(form.getByLabel('Número de teléfono')).toBeVisible();
  // The shared schema's words, in Spanish: the phone is required.
  await form.getByLabel('Número de teléfono').fill('');
  await form.getByRole('button', { name: 'Guardar y continuar' }).click();
  await expect(form.getByText('El número de teléfono es obligatorio')).toBeVisible();
});
