import { expect, test } from '@playwright/test';
import { testCards } from '../customer/pages/test-cards.ts';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { firstLink } from '../fixtures/outbox.ts';
import { customerByEmail, sql } from '../journeys/support/ledger.ts';
import { waitForMail } from '../journeys/support/outbox.ts';
import { PASSWORD, seedCustomer } from '../journeys/support/seed.ts';

/**
 * Issue 42 (ADR 73, ADR 74): the language is the account's, not the device's. A customer in an
 * English browser picks Español in Account settings; another English browser, with no cookie of
 * that choice, reads Spanish once they sign in; and their next email (a password reset asked for
 * from the provider's page in English) is in Spanish. At 390 px.
 */
const phone = { width: 390, height: 844 };
test.use({ viewport: phone, locale: 'en-US' });

test('Español picked in one English browser is what another English browser reads after sign-in, and what the reset email says', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { email } = await seedCustomer(browser, baseURL ?? '', {
    prefix: 'lang-account',
    cards: [testCards.visa],
  });
  const { id } = await customerByEmail(email);
  const language = async () =>
    (await sql<{ language: string | null }>('select language from customers where id = $1', [id]))[0]
      ?.language;
  // Signed up in an English browser, never chose: English is all the account says so far.
  expect(await language()).toBeNull();
  const [identity] = await sql<{ language: string | null }>(
    'select language from idp_users where email = $1',
    [email],
  );
  expect(identity?.language).toBe('en');

  // First browser (English): sign in, Account settings in English, pick Español there.
  await page.goto('/login');
  await new HostedLogin(page).signIn(email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  const saved = page.waitForResponse(
    (res) => res.url().endsWith('/api/v1/customers/me/language') && res.request().method() === 'PUT',
  );
  await page
    .getByRole('region', { name: 'Personal Information', exact: true })
    .getByRole('group', { name: 'Language' })
    .getByRole('button', { name: 'Español' })
    .click();
  expect((await saved).status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración de la cuenta' })).toBeVisible();
  expect(await language()).toBe('es');

  // Another English browser, nothing of the choice kept in it: the provider's page is English…
  const other = await browser.newContext({
    baseURL,
    locale: 'en-US',
    viewport: phone,
    serviceWorkers: 'block',
  });
  try {
    const second = await other.newPage();
    await second.goto('/login');
    await new HostedLogin(second).signIn(email, PASSWORD);
    // …and once signed in, the account's Spanish.
    await expect(second).toHaveURL(/\/dashboard/);
    await expect(second.getByRole('heading', { level: 1, name: 'Inicio' })).toBeVisible();
    await expect(second.locator('html')).toHaveAttribute('lang', 'es-US');
    await expect(second).toHaveTitle('Inicio | Pria');
    await expect(second.getByRole('region', { name: 'Su progreso' })).toContainText(
      'Su plan no está activo, así que no hay cargos de $3 programados.',
    );
    await expect(second.getByRole('heading', { level: 1, name: 'Dashboard' })).toHaveCount(0);
    await expect(second.getByText(/^Your plan is not active/)).toHaveCount(0);
    // The app keeps this browser's cookie to the account's choice.
    await expect
      .poll(async () => (await other.cookies()).find((c) => c.name === 'pria_lang')?.value)
      .toBe('es');

    // A reset asked for from the provider's page in this English browser. Without the cookie the
    // page is English, like the browser: the email's language can then come only from the account.
    await other.clearCookies({ name: 'pria_lang' });
    await second.goto('/oidc/forgot-password');
    await expect(second.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await second.getByLabel('Email').fill(email);
    await second.getByRole('button', { name: 'Send reset link' }).click();
    await expect(second.getByText(/^If an account exists for that address/)).toBeVisible();

    const reset = await waitForMail(other.request, email, /reset-password\?token=/);
    expect(reset.subject).toBe('Restablezca su contraseña de Pria');
    expect(reset.text).toContain('Elija una contraseña nueva abriendo este enlace:');
    expect(reset.text).not.toContain('Choose a new password');
    // Its link works (the page it opens holds a secret, so it shows no switch and speaks the
    // browser's language).
    await second.goto(firstLink(reset.text));
    await expect(second.getByLabel('New password', { exact: true })).toBeVisible();
  } finally {
    await other.close();
  }
});
