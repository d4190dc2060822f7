import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { actionOf, browser } from '../test/idp-browser.ts';
import { createUser, VERIFY_LINKS_PER_HOUR } from './users.ts';
import { RESENDS_PER_IP } from './verify-email.routes.ts';

/**
 * Issue 40, second walk (ADR 68): after sign-up the check-your-email page resends the link (a plain
 * form, limited per network and per account, the same answer whatever the address), and the
 * "Email verified" page reloaded by the browser that used its link says the address is verified,
 * not that the link expired.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'loopback' });
});
afterAll(() => t?.stop());

const PASSWORD = 'maple orbit canyon 4';
/** Each test its own client address, so the per-network limit of one does not reach another. */
const from = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });

const verificationLinks = async (to: string) =>
  (
    await t.db
      .selectFrom('message_outbox')
      .select('text_body')
      .where('recipient', '=', to)
      .where('subject', '=', 'Verify your Pria email address')
      .orderBy('id')
      .execute()
  ).map((m) => /https?:\/\/\S+\/oidc\/verify-email\?token=[\w-]+/.exec(m.text_body)?.[0] ?? '');

/** Signs up in a fresh browser; the check-your-email page it lands on. */
async function signUp(email: string, client: number) {
  const b = browser(t, from(client));
  const form = await b.open({ screen_hint: 'signup' });
  const page = await b.post(actionOf(form.html, form.url), {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    terms: 'yes',
  });
  expect(page.html).toContain('Check your email');
  return { b, page };
}

const resendAction = (html: string, base: string) => {
  const m = /<form method="post" action="([^"]+resend-verification)"/.exec(html);
  if (!m?.[1]) throw new Error('no resend form');
  return new URL(m[1], base).toString();
};

describe('"Resend the email" after sign-up', () => {
  it('sends a second email whose link verifies the address; the first link stays valid', async () => {
    const email = 'resend-ann@pria.test';
    const { b, page } = await signUp(email, 1);
    expect(page.html).toContain('Resend the email');
    // A plain form: no script on the page (CSP script-src 'self' and no JavaScript needed).
    expect(page.html).not.toContain('<script');
    const again = await b.post(resendAction(page.html, page.url), { email });
    expect(again.res.status).toBe(200);
    expect(again.html).toContain(`We sent a new link to ${email}.`);
    expect(again.html).toContain('Resend the email');

    const [first, second] = await verificationLinks(email);
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    const opened = await b.get(second ?? '');
    expect(opened.res.status).toBe(200);
    expect(opened.html).toContain('Thank you! Your email address is verified.');
    const user = await t.db
      .selectFrom('idp_users')
      .select('email_verified')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.email_verified).toBe(true);
    // Kept valid, not replaced: the first email may be the one that arrives (ADR 68).
    expect((await fetch(first ?? '')).status).toBe(200);
  });

  it('answers alike for an address with no account or a verified one, and sends nothing', async () => {
    const { b, page } = await signUp('resend-bob@pria.test', 2);
    await createUser(t.db, { email: 'resend-verified@pria.test', password: PASSWORD, emailVerified: true });
    for (const email of ['resend-nobody@pria.test', 'resend-verified@pria.test']) {
      const r = await b.post(resendAction(page.html, page.url), { email });
      expect(r.res.status).toBe(200);
      expect(r.html).toContain(`We sent a new link to ${email}.`);
      expect(await verificationLinks(email)).toEqual([]);
    }
  });

  it(`sends an account at most ${VERIFY_LINKS_PER_HOUR} links an hour, answering alike after`, async () => {
    const email = 'resend-cap@pria.test';
    const { b, page } = await signUp(email, 3);
    const action = resendAction(page.html, page.url);
    for (let i = 0; i < VERIFY_LINKS_PER_HOUR; i++) {
      const r = await b.post(action, { email });
      expect(r.html).toContain(`We sent a new link to ${email}.`);
    }
    expect(await verificationLinks(email)).toHaveLength(VERIFY_LINKS_PER_HOUR);
  });

  it(`refuses a network after ${RESENDS_PER_IP.max} resends with a page, not JSON`, async () => {
    const email = 'resend-network@pria.test';
    const { b, page } = await signUp(email, 4);
    const action = resendAction(page.html, page.url);
    for (let i = 0; i < RESENDS_PER_IP.max; i++)
      expect((await b.post(action, { email })).res.status).toBe(200);
    const refused = await b.post(action, { email });
    expect(refused.res.status).toBe(429);
    expect(refused.res.headers.get('content-type')).toContain('text/html');
    expect(refused.res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.html).toContain('Too many emails were requested from your network.');
    // Another network is not refused.
    const other = await signUp('resend-other@pria.test', 5);
    expect(
      (await other.b.post(resendAction(other.page.html, other.page.url), { email: 'resend-other@pria.test' }))
        .res.status,
    ).toBe(200);
  });
});

describe('the "Email verified" page reloaded', () => {
  it('says the address is already verified to the browser that used the link, with the next step', async () => {
    const email = 'reload-cy@pria.test';
    const { b } = await signUp(email, 6);
    const [link] = await verificationLinks(email);
    expect((await b.get(link ?? '')).html).toContain('Thank you! Your email address is verified.');
    const reload = await b.get(link ?? '');
    expect(reload.res.status).toBe(200);
    expect(reload.html).toContain('Your email is already verified.');
    expect(reload.html).toContain('Continue to Pria');
    expect(reload.html).not.toContain('Link expired');
  });

  it('still says expired for an unknown link, an expired one, or a used one in another browser', async () => {
    const email = 'reload-dee@pria.test';
    const { b } = await signUp(email, 7);
    const [link] = await verificationLinks(email);
    await b.get(link ?? '');
    // Another browser (no cookie) opening the used link.
    const elsewhere = await fetch(link ?? '');
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain('Link expired');
    // The same browser, a link it never used.
    const unknown = await b.get(`${t.url}/oidc/verify-email?token=not-a-token-of-ours`);
    expect(unknown.res.status).toBe(400);
    expect(unknown.html).toContain('Link expired');
    // A link that expired unused, in a browser that holds another link's cookie.
    const other = 'reload-eve@pria.test';
    await signUp(other, 8);
    const [stale] = await verificationLinks(other);
    await t.db
      .updateTable('idp_email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', other)
      .execute();
    const expired = await b.get(stale ?? '');
    expect(expired.res.status).toBe(400);
    expect(expired.html).toContain('Link expired');
  });
});
