import { messages } from '@pria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../test/customers.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { actionOf, browser } from '../test/idp-browser.ts';

/**
 * Issue 42 (ADR 74): the provider's pages speak the visitor's language (the `pria_lang` cookie,
 * else Accept-Language), a sign-up keeps its language on the account and on its consents, and
 * the account's emails follow the account's language whatever page asked for them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'loopback' });
});
afterAll(() => t?.stop());

const PASSWORD = 'maple orbit canyon 4';
const spanish = { 'accept-language': 'es-US,es;q=0.9,en;q=0.5' };
const from = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });

const mails = (to: string) =>
  t.db.selectFrom('message_outbox').selectAll().where('recipient', '=', to).orderBy('id').execute();

describe("the provider's pages in the visitor's language", () => {
  it('answers a Spanish browser in Spanish, with lang="es-US", and says it varies by language', async () => {
    const b = browser(t, { ...spanish, ...from(1) });
    const page = await b.open({ screen_hint: 'signup' });
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('<html lang="es-US">');
    expect(page.html).toContain('<h1>Cree su cuenta</h1>');
    expect(page.html).toContain('<label for="password">Contraseña</label>');
    expect(page.html).toContain('Acepto los <a href=');
    expect(page.html).not.toContain('Create your account');
    expect(page.res.headers.get('vary')).toMatch(/Accept-Language/i);
    expect(page.res.headers.get('vary')).toMatch(/Cookie/i);
  });

  it('answers an English browser in the same English as before, with a switch to Español', async () => {
    const page = await browser(t, { 'accept-language': 'en-US,en;q=0.9', ...from(2) }).open();
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toContain('<h1>Welcome back</h1>');
    expect(page.html).toContain('New to Pria? <a href=');
    expect(page.html).toMatch(
      /<a lang="es" hreflang="es" href="\/oidc\/language\?set=es&amp;return=\/oidc\/interaction\/[^"/]+\/login">Español<\/a>/,
    );
  });

  it('lets the pria_lang cookie win over the browser, and keeps no language it does not speak', async () => {
    const asked = (cookie: string) =>
      fetch(`${t.url}/oidc/forgot-password`, { headers: { cookie, 'accept-language': 'en-US' } }).then((r) =>
        r.text(),
      );
    expect(await asked('pria_lang=es')).toContain('<h1>Restablezca su contraseña</h1>');
    expect(await asked('pria_lang=fr')).toContain('<h1>Reset your password</h1>');
  });

  it('switches with a link that sets the cookie and returns only to a path of this site', async () => {
    const go = (query: string) => fetch(`${t.url}/oidc/language?${query}`, { redirect: 'manual' });
    const ok = await go('set=es&return=%2Foidc%2Fforgot-password');
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/oidc/forgot-password');
    expect(ok.headers.get('set-cookie')).toMatch(/^pria_lang=es; Path=\/; Max-Age=\d+; SameSite=Lax/);
    for (const away of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const res = await go(`set=en&return=${encodeURIComponent(away)}`);
      expect(res.headers.get('location'), away).toBe('/');
    }
    const bad = await go('set=fr&return=%2F');
    expect(bad.headers.get('set-cookie')).toBeNull();
  });

  it('shows a refusal of the use cases in Spanish (a wrong password)', async () => {
    const b = browser(t, { ...spanish, ...from(3) });
    const form = await b.open();
    const page = await b.post(actionOf(form.html, form.url), {
      email: 'nobody@pria.test',
      password: 'wrong one 1',
    });
    expect(page.res.status).toBe(401);
    expect(page.html).toContain('El correo electrónico o la contraseña no son correctos.');
  });
});

describe('a sign-up in Spanish', () => {
  it('keeps Spanish on the account and its consents, and sends the verification email in Spanish', async () => {
    const email = 'lucia@pria.test';
    const b = browser(t, { ...spanish, ...from(4) });
    const form = await b.open({ screen_hint: 'signup' });
    const page = await b.post(actionOf(form.html, form.url), {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      terms: 'yes',
    });
    expect(page.html).toContain('<h1>Revise su correo electrónico</h1>');
    const user = await t.db
      .selectFrom('idp_users')
      .select(['id', 'language'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.language).toBe('es');
    const consents = await t.db
      .selectFrom('consent_records')
      .select(['document', 'language'])
      .where('subject', '=', user.id)
      .orderBy('document')
      .execute();
    expect(consents).toEqual([
      { document: 'privacy', language: 'es' },
      { document: 'terms', language: 'es' },
    ]);
    const [mail] = await mails(email);
    expect(mail?.subject).toBe('Verifique su correo electrónico de Pria');
    expect(mail?.text_body).toContain('Confirme su correo electrónico abriendo este enlace:');
    expect(mail?.text_body).toContain('vence en 48 horas');
    expect(mail?.html_body).toContain('Verificar el correo');
    expect(mail?.html_body).toContain('<html lang="es">');
  });

  it('an English sign-up keeps English and sends the same English email as before', async () => {
    const email = 'lucy@pria.test';
    const b = browser(t, { 'accept-language': 'en-US', ...from(5) });
    const form = await b.open({ screen_hint: 'signup' });
    await b.post(actionOf(form.html, form.url), {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      terms: 'yes',
    });
    const user = await t.db
      .selectFrom('idp_users')
      .select(['id', 'language'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.language).toBe('en');
    const [mail] = await mails(email);
    expect(mail?.subject).toBe('Verify your Pria email address');
    expect(mail?.text_body).toMatch(
      /^Welcome to Pria!\n\nPlease confirm your email address by opening this link:\n/,
    );
    const consent = await t.db
      .selectFrom('consent_records')
      .select('language')
      .where('subject', '=', user.id)
      .execute();
    expect(consent.map((c) => c.language)).toEqual(['en', 'en']);
  });
});

describe("the account's language drives its emails, whatever page asked", () => {
  it('sends a customer who chose Español the reset link, then its security notice, in Spanish', async () => {
    const email = 'marta@pria.test';
    const marta = await signedInUser(t, email);
    expect((await marta.put('/api/v1/customers/me/language', { language: 'es' })).status).toBe(200);
    // Asked from an English page: the account's choice still wins.
    const asked = await fetch(`${t.url}/oidc/forgot-password`, {
      method: 'POST',
      body: new URLSearchParams({ email }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en-US' },
    });
    expect(await asked.text()).toContain('Check your email');
    const reset = (await mails(email)).at(-1);
    expect(reset?.subject).toBe('Restablezca su contraseña de Pria');
    expect(reset?.text_body).toContain('Elija una contraseña nueva abriendo este enlace:');
    const link = /https?:\/\/\S+\/oidc\/reset-password\?token=[\w-]+/.exec(reset?.text_body ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
    const token = new URL(link).searchParams.get('token') ?? '';
    const done = await fetch(`${t.url}/oidc/reset-password`, {
      method: 'POST',
      body: new URLSearchParams({ token, password: PASSWORD, confirmPassword: PASSWORD }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    const notice = (await mails(email)).at(-1);
    expect(notice?.subject).toBe('Se cambió la contraseña de su cuenta de Pria');
    expect(notice?.text_body).toContain('Pria nunca le pide su contraseña');
  });

  it('sends an account that never chose the reset link in the language of the page that asked', async () => {
    const email = 'nico@pria.test';
    await signedInUser(t, email);
    await fetch(`${t.url}/oidc/forgot-password`, {
      method: 'POST',
      body: new URLSearchParams({ email }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...spanish },
    });
    expect((await mails(email)).at(-1)?.subject).toBe('Restablezca su contraseña de Pria');
  });
});

describe("the API's refusals in the caller's language", () => {
  const profile = {
    firstName: 'Ana',
    middleName: '',
    lastName: 'Ruiz',
    phone: '2025550104',
    address: { postalCode: '10001' },
  };

  it('writes message and error[] in Spanish for a Spanish caller, with the same code and status', async () => {
    const ana = await signedInUser(t, 'ana-api@pria.test');
    const english = await ana.request('PUT', '/api/v1/customers/me?onboarding=true', profile, {
      'accept-language': 'en-US',
    });
    const inSpanish = await ana.request('PUT', '/api/v1/customers/me?onboarding=true', profile, {
      'accept-language': 'es-US',
    });
    const byCookie = await ana.request('PUT', '/api/v1/customers/me?onboarding=true', profile, {
      cookie: 'pria_lang=es',
      'accept-language': 'en-US',
    });
    expect(english.status).toBe(400);
    expect(english.body.error).toEqual(['Street is required', 'City is required', 'State is required']);
    expect(inSpanish.status).toBe(400);
    expect(inSpanish.body.code).toBe(english.body.code);
    expect(inSpanish.body.error).toEqual([
      'La calle es obligatoria',
      'La ciudad es obligatoria',
      'El estado es obligatorio',
    ]);
    expect(inSpanish.body.message).toBe('La calle es obligatoria');
    expect(byCookie.body).toEqual(inSpanish.body);
    expect(inSpanish.headers.get('vary')).toMatch(/Accept-Language/i);
  });

  it("writes a success's message in Spanish for a Spanish caller, its data unchanged", async () => {
    const ana = await signedInUser(t, 'ana-api-ok@pria.test');
    const full = {
      ...profile,
      address: { ...profile.address, address1: '5 Main St', locality: 'New York', administrativeArea: 'NY' },
    };
    const english = await ana.request('PUT', '/api/v1/customers/me', full, { 'accept-language': 'en-US' });
    const inSpanish = await ana.request('PUT', '/api/v1/customers/me', full, { 'accept-language': 'es-US' });
    expect(english.status).toBe(200);
    expect(english.body.message).toBe(messages.updatedSuccessfully);
    expect(inSpanish.status).toBe(200);
    expect(inSpanish.body.message).toBe('Actualizado correctamente');
    expect(inSpanish.body.data).toEqual(english.body.data);
    expect(inSpanish.headers.get('vary')).toMatch(/Accept-Language/i);
  });
});
