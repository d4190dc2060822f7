import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { signUpNewCustomer } from '../customer/pages/sign-up.ts';

/**
 * Issue 42: the public site in Spanish for a Spanish browser, one language chosen once (ADR 73).
 * At 390 px, as a person on a phone reads it.
 */
test.use({ viewport: { width: 390, height: 844 } });

const spanishTitle = 'Mejor crédito, sin complicaciones';
const englishTitle = 'Better Credit, Made Simple';

const hero = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const languageSwitch = (page: Page, label: 'Idioma' | 'Language') =>
  page.getByRole('contentinfo').getByRole('group', { name: label });
const chosen = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'pria_lang')?.value;

test.describe('a browser that asks for Spanish (es-US)', () => {
  test.use({ locale: 'es-US' });

  test('reads the landing page in Spanish, switches to English and back, and keeps the choice across reloads', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    // The server sent the Spanish page: Spanish from the first paint, no English before it.
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
    await expect(hero(page, spanishTitle)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Comenzar' }).first()).toBeVisible();
    await expect(page).toHaveTitle(`${spanishTitle} | Pria`);
    expect(await chosen(context)).toBeUndefined();

    const spanishButton = languageSwitch(page, 'Idioma').getByRole('button', { name: 'Español' });
    await expect(spanishButton).toHaveAttribute('lang', 'es');
    await expect(spanishButton).toHaveAttribute('aria-pressed', 'true');
    await languageSwitch(page, 'Idioma').getByRole('button', { name: 'English' }).click();
    await expect(hero(page, englishTitle)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    expect(await chosen(context)).toBe('en');

    // The choice beats the browser's Spanish on the next visit.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(hero(page, englishTitle)).toBeVisible();

    await languageSwitch(page, 'Language').getByRole('button', { name: 'Español' }).click();
    await expect(hero(page, spanishTitle)).toBeVisible();
    expect(await chosen(context)).toBe('es');
    await page.reload();
    await expect(hero(page, spanishTitle)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeVisible();
  });
});

test.describe('a browser that asks for English (en-US)', () => {
  test.use({ locale: 'en-US' });

  test('reads the landing page in English, with the switch offering Español', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(hero(page, englishTitle)).toBeVisible();
    const spanishButton = languageSwitch(page, 'Language').getByRole('button', { name: 'Español' });
    await expect(spanishButton).toHaveAttribute('aria-pressed', 'false');
    await expect(spanishButton).toHaveAttribute('lang', 'es');
  });
});

test.describe('a customer in an English browser', () => {
  test.use({ locale: 'en-US' });

  test('picks Español in the side menu: the account keeps it, and it wins over the browser without the cookie', async ({
    page,
    context,
  }) => {
    await signUpNewCustomer(page, 'language');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const saved = page.waitForResponse(
      (res) => res.url().endsWith('/api/v1/customers/me/language') && res.request().method() === 'PUT',
    );
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect((await answer.json()).data.language).toBe('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
    expect(await chosen(context)).toBe('es');

    // As another browser would: no choice kept here, an English browser; the account says Spanish.
    await context.clearCookies({ name: 'pria_lang' });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
    expect(await chosen(context)).toBe('es');
  });
});

test("a signed-in screen's frame (the HTML before the app runs) is in the reader's language", async ({
  request,
}) => {
  const frame = async (path: string, headers: Record<string, string>) =>
    (await request.get(path, { headers })).text();
  const spanish = await frame('/dashboard', { 'accept-language': 'es-US,es;q=0.9' });
  expect(spanish).toContain('<html lang="es-US"');
  expect(spanish).toContain('<title>Inicio | Pria</title>');
  expect(spanish).toContain('Cargando…');
  expect(spanish).not.toContain('Loading…');
  // The account's choice, kept in the cookie, wins over the browser's.
  const chosen = await frame('/dashboard/account/security', {
    'accept-language': 'en-US',
    cookie: 'pria_lang=es',
  });
  expect(chosen).toContain('<title>Configuración de la cuenta | Pria</title>');
  const english = await frame('/dashboard', { 'accept-language': 'en-US' });
  expect(english).toContain('<html lang="en-US"');
  expect(english).toContain('<title>Dashboard | Pria</title>');
  expect(english).toContain('Loading…');
});

test('the install name and shortcuts a phone shows are in the reader’s language', async ({
  page,
  request,
  baseURL,
}) => {
  const manifest = async (href: string) => (await request.get(href)).json();
  const spanish = await manifest('/manifest.es.webmanifest');
  expect(spanish).toMatchObject({ id: '/', lang: 'es-US', name: 'Pria — Mejor crédito, sin complicaciones' });
  expect(spanish.shortcuts.map((s: { name: string }) => s.name)).toEqual(['Progreso', 'Notificaciones']);
  expect((await manifest('/manifest.webmanifest')).name).toBe('Pria — Better Credit, Made Simple');
  // The Spanish landing links the Spanish one; switching to English in the app links the English one.
  await page.context().addCookies([{ name: 'pria_lang', value: 'es', url: baseURL ?? '' }]);
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.es.webmanifest');
  await languageSwitch(page, 'Idioma').getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
});
