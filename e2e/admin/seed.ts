import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { HostedLogin } from '../fixtures/hosted-login.ts';

export interface SeededCustomer {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** The signed-in user's access token, as oidc-client-ts keeps it in localStorage. */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith('oidc.user:')) return JSON.parse(localStorage.getItem(key) ?? '{}').access_token;
    }
    return undefined;
  });
  if (typeof token !== 'string') throw new Error('no access token in localStorage');
  return token;
}

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok()) throw new Error(`${method} ${path} -> ${res.status()}: ${JSON.stringify(body)}`);
  return body.data as T;
}

/** The browser's card encryption (contracts/card-encryption.ts): one JWE to the gateway's key. */
async function encryptCard(number: string, cvc: string, jwk: JWK): Promise<string> {
  const key = await importJWK(jwk, 'RSA-OAEP-256');
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify({ number, cvc })))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', ...(jwk.kid ? { kid: jwk.kid } : {}) })
    .encrypt(key);
}

const address = {
  address1: '350 Fifth Avenue',
  locality: 'New York',
  administrativeArea: 'NY',
  postalCode: '10118',
};

/**
 * A customer with a profile, a Visa and a Mastercard and a paid subscription, made through the
 * public API (hosted sign-up in a separate context, then the customer's own token): the same
 * calls the onboarding screens make, without depending on those screens.
 */
export async function seedSubscribedCustomer(
  browser: Browser,
  baseURL: string,
  /** Card numbers (the first funds the subscription); a Visa and a Mastercard by default. */
  numbers: string[] = ['4111111111111111', '5555555555554444'],
): Promise<SeededCustomer & { cardIds: string[] }> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `client-${tag}@example.com`;
  const firstName = `Zoe${tag}`;
  const lastName = 'Admintest';
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/signup');
    await new HostedLogin(page).signUp(email, 'a-strong-passphrase-1');
    await expect(page).toHaveURL(/\/(dashboard|onboarding)/);
    const token = await accessTokenOf(page);
    const request = context.request;

    const me = await call<{ id: string }>(request, token, 'GET', '/customers/me');
    await call(request, token, 'PUT', `/customers/${me.id}`, {
      firstName,
      lastName,
      phone: '2025550104',
      address,
    });
    const jwk = await call<JWK>(request, token, 'GET', '/cards/public-key');
    const year = new Date().getFullYear() + 3;
    const cards: { id: string }[] = [];
    for (const number of numbers) {
      const brand = number.startsWith('5') ? 'mastercard' : 'visa';
      cards.push(
        await call<{ id: string }>(request, token, 'POST', '/cards', {
          number: await encryptCard(number, '123', jwk),
          expirationMonth: 12,
          expirationYear: year,
          brand,
          isDefault: number === numbers[0],
          name: `${firstName} ${lastName}`,
          address,
        }),
      );
    }
    const plans = await call<{ id: string }[]>(request, token, 'GET', '/plans');
    const plan = plans[0];
    if (!plan || !cards[0]) throw new Error('no plan or card to subscribe with');
    await call(request, token, 'POST', '/subscriptions', { plan: plan.id, card: cards[0].id });
    await call(request, token, 'PUT', '/setting/onboarding-index?index=3').catch(() => undefined);
    return { id: me.id, email, firstName, lastName, cardIds: cards.map((c) => c.id) };
  } finally {
    await context.close();
  }
}
