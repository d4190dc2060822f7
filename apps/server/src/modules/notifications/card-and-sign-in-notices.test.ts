import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../idp/index.ts';
import { apiClient } from '../../test/api-client.ts';
import { addCard, signedInUser, testCards } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { oidcLogin } from '../../test/oidc-login.ts';

/**
 * Issue 40 (ADR 68): "an email for anything that moves money or changes security". A card added,
 * a card removed, the plan's funding card changed and a sign-in from a new device each email the
 * owner once, whatever the notification settings, saying what happened, when (New York time),
 * which card or device, and what to do if it was not them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const mails = (to: string, subject: string) =>
  t.db
    .selectFrom('message_outbox')
    .select(['subject', 'text_body', 'channel'])
    .where('recipient', '=', to)
    .where('subject', '=', subject)
    .orderBy('id')
    .execute();

/** A customer who turned every notification off: security notices come all the same. */
async function quietCustomer(email: string) {
  const api = await signedInUser(t, email);
  expect((await api.post('/api/v1/customers/notification', { forEmail: [], forSms: [] })).status).toBe(200);
  return api;
}

const WHEN = /When: [A-Z][a-z]+ \d{2}, \d{4} at \d{1,2}:\d{2} [AP]M ET \(New York time\)\./;

describe('card notices', () => {
  it('emails "A card was added" naming the card and when, with settings off', async () => {
    const api = await quietCustomer('notice-add@pria.test');
    expect((await addCard(api, testCards.visa)).status).toBe(201);
    const [mail, ...more] = await mails('notice-add@pria.test', 'A card was added to your Pria account');
    expect(more).toEqual([]);
    expect(mail?.text_body).toContain('Card: Visa •••• 1111.');
    expect(mail?.text_body).toMatch(WHEN);
    expect(mail?.text_body).toContain("If this wasn't you");
    expect(mail?.text_body).toContain('/oidc/forgot-password');
  });

  it('emails "A card was removed" naming the removed card, once', async () => {
    const api = await quietCustomer('notice-remove@pria.test');
    await addCard(api, testCards.visa);
    const second = await addCard(api, testCards.mastercard);
    expect((await api.delete(`/api/v1/cards/${second.body.data.id}`)).status).toBe(200);
    // Asked again: the card is gone, nothing more is sent.
    expect((await api.delete(`/api/v1/cards/${second.body.data.id}`)).status).toBe(404);
    const removed = await mails('notice-remove@pria.test', 'A card was removed from your Pria account');
    expect(removed).toHaveLength(1);
    expect(removed[0]?.text_body).toContain('Card: Mastercard •••• 4444.');
    expect(removed[0]?.text_body).toMatch(WHEN);
  });

  it('sends nothing when the card is refused (the funding card of a plan in force)', async () => {
    const api = await quietCustomer('notice-refused@pria.test');
    const card = await addCard(api, testCards.visa);
    expect(
      (await api.post('/api/v1/subscriptions', { plan: 'semi-annual', card: card.body.data.id })).status,
    ).toBe(200);
    expect((await api.delete(`/api/v1/cards/${card.body.data.id}`)).status).toBe(409);
    expect(await mails('notice-refused@pria.test', 'A card was removed from your Pria account')).toEqual([]);
  });

  it("emails the funding card's change naming the new and the old card and the plan", async () => {
    const api = await quietCustomer('notice-funding@pria.test');
    const visa = await addCard(api, testCards.visa);
    const mastercard = await addCard(api, testCards.mastercard);
    const bought = await api.post('/api/v1/subscriptions', { plan: 'semi-annual', card: visa.body.data.id });
    const sub = bought.body.data.subscription;
    const subject = 'The card that pays for your Pria plan changed';
    // Buying the plan names its first card: that is no change.
    expect(await mails('notice-funding@pria.test', subject)).toEqual([]);
    const res = await api.put(`/api/v1/subscriptions/${sub.id}`, { card: mastercard.body.data.id });
    expect(res.status).toBe(200);
    // The same card again changes nothing and says nothing.
    await api.put(`/api/v1/subscriptions/${sub.id}`, { card: mastercard.body.data.id });
    const [mail, ...more] = await mails('notice-funding@pria.test', subject);
    expect(more).toEqual([]);
    expect(mail?.text_body).toContain('Card paying for your Semi-Annual plan: Mastercard •••• 4444.');
    expect(mail?.text_body).toContain('Before: Visa •••• 1111.');
    expect(mail?.text_body).toMatch(WHEN);
    expect(mail?.text_body).toContain("If this wasn't you");
  });
});

describe('a sign-in from a new device', () => {
  const MAC_CHROME =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
  const MAC_CHROME_NEWER =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
  const subject = 'New sign-in to your Pria account';

  it('says nothing for the first sign-in nor for the same browser again, and tells of another', async () => {
    const email = 'notice-device@pria.test';
    await createUser(t.db, { email, password: 'correct horse 1', emailVerified: true });
    const signIn = (userAgent: string) =>
      oidcLogin({ baseUrl: t.url, email, password: 'correct horse 1', userAgent });
    const first = await signIn(MAC_CHROME);
    // Every setting off: the notice is sent all the same.
    await apiClient(t.url, first.access_token).post('/api/v1/customers/notification', {
      forEmail: [],
      forSms: [],
    });
    await signIn(MAC_CHROME_NEWER);
    expect(await mails(email, subject)).toEqual([]);

    await signIn(WINDOWS_FIREFOX);
    const [mail, ...more] = await mails(email, subject);
    expect(more).toEqual([]);
    expect(mail?.text_body).toMatch(/Device: Firefox on Windows, from Network (127\.0\.0\.x|0:0:0::\/48)\./);
    expect(mail?.text_body).toMatch(WHEN);
    expect(mail?.text_body).toContain('sign that device out in Account, Security');
    // Known now: a second sign-in from it says nothing more.
    await signIn(WINDOWS_FIREFOX);
    expect(await mails(email, subject)).toHaveLength(1);
  });

  it("names the device and its network in the account's language (ADR 74)", async () => {
    const email = 'notice-device-es@pria.test';
    await createUser(t.db, { email, password: 'correct horse 1', emailVerified: true, language: 'es' });
    const signIn = (userAgent: string) =>
      oidcLogin({ baseUrl: t.url, email, password: 'correct horse 1', userAgent });
    await signIn(MAC_CHROME);
    await signIn(WINDOWS_FIREFOX);
    const [mail, ...more] = await mails(email, 'Nuevo inicio de sesión en su cuenta de Pria');
    expect(more).toEqual([]);
    expect(mail?.text_body).toMatch(
      /Dispositivo: Firefox en Windows, desde Red (127\.0\.0\.x|0:0:0::\/48)\./,
    );
    expect(mail?.text_body).not.toMatch(/ on Windows|Network /);
  });
});
