import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../test/api-client.ts';
import { addCard, testCards } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { oidcLogin } from '../../test/oidc-login.ts';
import { processMoneyEvents } from '../notifications/index.ts';

/**
 * Issue 29: after the email link says "Email verified", the signed-in session (whose token was
 * minted before, and says unverified for up to ten minutes) reads the account as verified at
 * once, and money notices go to the address from then on.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

describe('an address verified while signed in', () => {
  it('is verified for the session at once, and money notices are sent to it', async () => {
    const { access_token } = await oidcLogin({
      baseUrl: t.url,
      email: 'gail@pria.test',
      password: 'gail-long-password',
      signUp: true,
    });
    const gail = apiClient(t.url, access_token);
    expect((await gail.get('/api/v1/customers/me')).body.data.email_verified).toBe(false);

    const mail = await t.db
      .selectFrom('message_outbox')
      .select('text_body')
      .where('recipient', '=', 'gail@pria.test')
      .executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+\/oidc\/verify-email\?token=[\w-]+/.exec(mail.text_body)?.[0] ?? '';
    expect((await fetch(link)).status).toBe(200);

    // The same (older) token: the record says verified, and later calls do not undo it.
    expect((await gail.get('/api/v1/customers/me')).body.data.email_verified).toBe(true);
    expect((await gail.get('/api/v1/customers/me')).body.data.email_verified).toBe(true);

    const card = await addCard(gail, testCards.visa);
    expect(
      (await gail.post('/api/v1/subscriptions', { plan: 'semi-annual', card: card.body.data.id })).status,
    ).toBe(200);
    await processMoneyEvents(t.notifications, { limit: 100 });
    const receipts = await t.db
      .selectFrom('message_outbox')
      .select('subject')
      .where('recipient', '=', 'gail@pria.test')
      .where('dedupe_key', 'like', '%:email')
      // The money notices (the card's security notice, ADR 68, is sent verified or not).
      .where('dedupe_key', 'not like', 'security:%')
      .execute();
    expect(receipts.map((r) => r.subject)).toEqual(['Your Pria subscription started']);
  });

  it('counts a link used before the first call to the app', async () => {
    const { access_token } = await oidcLogin({
      baseUrl: t.url,
      email: 'hal@pria.test',
      password: 'hal-long-password',
      signUp: true,
    });
    const mail = await t.db
      .selectFrom('message_outbox')
      .select('text_body')
      .where('recipient', '=', 'hal@pria.test')
      .executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+\/oidc\/verify-email\?token=[\w-]+/.exec(mail.text_body)?.[0] ?? '';
    expect((await fetch(link)).status).toBe(200);
    // The first call carries a token minted before the link was used.
    expect((await apiClient(t.url, access_token).get('/api/v1/customers/me')).body.data.email_verified).toBe(
      true,
    );
  });
});
