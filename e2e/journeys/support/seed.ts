import { type Browser, expect, type Page } from '@playwright/test';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { accessTokenOf } from '../../admin/seed.ts';
import { HostedLogin } from '../../fixtures/hosted-login.ts';
import { firstLink, waitForMessage } from '../../fixtures/outbox.ts';

export const PASSWORD = 'a-strong-passphrase-1';

/** A seeded customer signs in through the hosted page, as a person does, and lands on the dashboard. */
export async function signInSeeded(page: Page, email: string) {
  await page.goto('/login');
  await new HostedLogin(page).signIn(email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
}
export const brooklyn = {
  address1: '55 Water Street',
  locality: 'Brooklyn',
  administrativeArea: 'NY',
  postalCode: '11201',
};

async function encryptCard(number: string, jwk: JWK): Promise<string> {
  const key = await importJWK(jwk, 'RSA-OAEP-256');
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify({ number, cvc: '123' })))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', ...(jwk.kid ? { kid: jwk.kid } : {}) })
    .encrypt(key);
}

/**
 * A customer set up through the API (where the journey is not about those steps): hosted
 * sign-up in its own context, profile, cards; onboarding finished unless a plan is bought later.
 */
export async function seedCustomer(
  browser: Browser,
  baseURL: string,
  opts: {
    prefix: string;
    cards: string[];
    plan?: string;
    verified?: boolean;
    cancel?: boolean;
    /** After buying `plan`, change to this plan: it waits for the renewal (ADR 40). */
    changeTo?: string;
    /** 10 digits; a fixed test number by default. */
    phone?: string;
    /** The profile's name; Ann Lee by default. */
    name?: { firstName: string; middleName?: string; lastName: string };
    /** The name on every card; Ann Lee by default. */
    cardName?: string;
  },
): Promise<{ email: string; cardIds: string[] }> {
  const email = `${opts.prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/signup');
    await new HostedLogin(page).signUp(email, PASSWORD);
    await expect(page).toHaveURL(/\/(dashboard|onboarding)/);
    if (opts.verified) {
      const mail = await waitForMessage(context.request, email, /verify-email\?token=/);
      await page.goto(firstLink(mail.text));
      await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
    }
    const token = await accessTokenOf(page);
    const call = async <T>(method: string, path: string, data?: unknown): Promise<T> => {
      const res = await context.request.fetch(`/api/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}` },
        data,
      });
      const body = await res.json().catch(() => ({}));
      if (!res.ok()) throw new Error(`${method} ${path} -> ${res.status()}: ${JSON.stringify(body)}`);
      return body.data as T;
    };
    await call('PUT', '/customers/me', {
      ...(opts.name ?? { firstName: 'Ann', lastName: 'Lee' }),
      phone: opts.phone ?? '2025550104',
      address: brooklyn,
    });
    const jwk = await call<JWK>('GET', '/cards/public-key');
    const cardIds: string[] = [];
    for (const number of opts.cards) {
      const card = await call<{ id: string }>('POST', '/cards', {
        number: await encryptCard(number.replace(/\s/g, ''), jwk),
        expirationMonth: 12,
        expirationYear: new Date().getFullYear() + 3,
        brand: number.startsWith('5') ? 'mastercard' : 'visa',
        isDefault: cardIds.length === 0,
        name: opts.cardName ?? 'Ann Lee',
        address: brooklyn,
      });
      cardIds.push(card.id);
    }
    if (opts.plan && cardIds[0]) {
      const { subscription } = await call<{ subscription: { id: string } }>('POST', '/subscriptions', {
        plan: opts.plan,
        card: cardIds[0],
      });
      if (opts.changeTo) {
        await call('PUT', `/subscriptions/${subscription.id}`, {
          plan: opts.changeTo,
          card: cardIds[0],
          isEnabled: true,
        });
      }
      if (opts.cancel) await call('POST', `/subscriptions/${subscription.id}/cancel`);
    }
    await call('PUT', '/setting/onboarding-index?index=4');
    return { email, cardIds };
  } finally {
    await context.close();
  }
}
