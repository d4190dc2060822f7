import { encryptCard } from '@pria/contracts';
import { createUser } from '../idp/index.ts';
import { apiClient } from './api-client.ts';
import type { TestApp } from './harness.ts';
import { oidcLogin } from './oidc-login.ts';

export type Api = ReturnType<typeof apiClient>;

/** Simulator test cards (see gateways/payments/simulator/README.md). */
export const testCards = {
  visa: '4111 1111 1111 1111',
  mastercard: '5555 5555 5555 4444',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  expired: '4000 0000 0000 0069',
  timeout: '4000 0000 0000 0119',
  requiresAuthentication: '4000 0027 6000 3184',
} as const;

export const testAddress = {
  address1: '1 Main St',
  address2: '',
  locality: 'New York',
  administrativeArea: 'NY',
  country: 'US',
  postalCode: '10001',
};

/** A signed-in customer (or staff with roles ['admin']) with a real access token. */
export async function signedInUser(
  t: Pick<TestApp, 'db' | 'url'>,
  email: string,
  roles: string[] = ['customer'],
): Promise<Api> {
  await createUser(t.db, { email, password: 'correct horse 1', roles, emailVerified: true });
  const { access_token } = await oidcLogin({ baseUrl: t.url, email, password: 'correct horse 1' });
  return apiClient(t.url, access_token);
}

/**
 * Registers a card the way the browser does: number and CVC encrypted to the gateway's key. It
 * expires in December two years from now unless `expires` says otherwise (tests that walk a
 * calendar years ahead give a later one, or the tick would rightly warn that it has expired).
 */
export async function addCard(
  api: Api,
  number: string,
  cvc = '123',
  expires: { month: number; year: number } = { month: 12, year: new Date().getFullYear() + 2 },
) {
  const jwk = (await api.get('/api/v1/cards/public-key')).body.data;
  return api.post('/api/v1/cards', {
    number: await encryptCard({ number, cvc }, jwk),
    expirationMonth: expires.month,
    expirationYear: expires.year,
    brand: number.startsWith('5') ? '002' : '001',
    isDefault: false,
    name: 'Ann Lee',
    address: testAddress,
  });
}
