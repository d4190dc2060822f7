import { encryptCard } from '@pria/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../idp/index.ts';
import { apiClient } from '../../test/api-client.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { oidcLogin } from '../../test/oidc-login.ts';

/**
 * A card's billing address follows the profile's address rule (one rule, contracts/address.ts):
 * an unknown state is "Invalid state", and a ZIP of another state "ZIP code does not match the
 * state", on POST /cards, PUT /cards/{id} and PUT /customers/{id} alike, and nothing is stored or
 * sent to the processor.
 */

let t: TestApp;
let api: ReturnType<typeof apiClient>;
let cardId: string;
const nextYear = new Date().getFullYear() + 1;
const address = {
  address1: '1 Main St',
  locality: 'Springfield',
  administrativeArea: 'IL',
  postalCode: '62701',
};

const instruments = async () =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from gateway_sim.instruments`.execute(t.db)).rows[0]?.n,
  );

async function newCard(state: string) {
  const jwk = (await api.get('/api/v1/cards/public-key')).body.data;
  return {
    number: await encryptCard({ number: '4111 1111 1111 1111', cvc: '123' }, jwk),
    expirationMonth: 12,
    expirationYear: nextYear,
    brand: '001',
    name: 'Ann Example',
    address: { ...address, administrativeArea: state },
  };
}

beforeAll(async () => {
  t = await startTestApp();
  await createUser(t.db, { email: 'ann@example.com', password: 'correct horse 1', emailVerified: true });
  const token = (await oidcLogin({ baseUrl: t.url, email: 'ann@example.com', password: 'correct horse 1' }))
    .access_token;
  api = apiClient(t.url, token);
  const added = await api.post('/api/v1/cards', await newCard('IL'));
  expect(added.status).toBe(201);
  cardId = added.body.data.id;
});
afterAll(() => t?.stop());

describe('card billing address = profile address', () => {
  it('POST /cards refuses an unknown state with "Invalid state" before the processor sees the card', async () => {
    const before = await instruments();
    const res = await api.post('/api/v1/cards', await newCard('ZZ'));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION', message: 'Invalid state' });
    expect(await instruments()).toBe(before);
    expect((await api.get('/api/v1/cards')).body.data).toHaveLength(1);
  });

  it('PUT /cards/{id} refuses it too and keeps the address as it was', async () => {
    const res = await api.put(`/api/v1/cards/${cardId}`, {
      expirationMonth: 11,
      expirationYear: nextYear,
      address: { ...address, administrativeArea: 'ZZ' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid state');
    const [card] = (await api.get('/api/v1/cards')).body.data;
    expect(card.address.administrativeArea).toBe('IL');
    expect(card.expirationMonth).toBe(12);
  });

  it('says "State is required" for a card without one, as the card form does', async () => {
    const res = await api.put(`/api/v1/cards/${cardId}`, {
      expirationMonth: 11,
      expirationYear: nextYear,
      address: { ...address, administrativeArea: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('State is required');
  });

  it('the profile refuses the same value with the same words', async () => {
    const res = await api.put('/api/v1/customers/me', {
      firstName: 'Ann',
      lastName: 'Example',
      phone: '2125550100',
      address: { ...address, administrativeArea: 'ZZ' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid state');
  });

  it('a known state is taken by both', async () => {
    const card = await api.put(`/api/v1/cards/${cardId}`, {
      expirationMonth: 11,
      expirationYear: nextYear,
      address: { ...address, administrativeArea: 'NY', postalCode: '10001' },
    });
    expect(card.status).toBe(200);
    expect(card.body.data.address.administrativeArea).toBe('NY');
    const profile = await api.put('/api/v1/customers/me', {
      firstName: 'Ann',
      lastName: 'Example',
      phone: '2125550100',
      address: { ...address, administrativeArea: 'NY', postalCode: '10001' },
    });
    expect(profile.status).toBe(200);
    expect(profile.body.data.address.administrativeArea).toBe('NY');
  });
});

describe('the ZIP belongs to the state (issue 29: "Brooklyn, AL 11201" was saved)', () => {
  const brooklyn = {
    address1: '1 Main St',
    locality: 'Brooklyn',
    administrativeArea: 'AL',
    postalCode: '11201',
  };
  const mismatch = 'ZIP code does not match the state';

  it('POST /cards refuses it before the processor sees the card', async () => {
    const before = await instruments();
    const cards = (await api.get('/api/v1/cards')).body.data.length;
    const res = await api.post('/api/v1/cards', { ...(await newCard('AL')), address: brooklyn });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION', message: mismatch });
    expect(await instruments()).toBe(before);
    expect((await api.get('/api/v1/cards')).body.data).toHaveLength(cards);
  });

  it('PUT /cards/{id} refuses it and keeps the card as it was', async () => {
    const before = (await api.get('/api/v1/cards')).body.data.find((c: { id: string }) => c.id === cardId);
    const res = await api.put(`/api/v1/cards/${cardId}`, {
      expirationMonth: 10,
      expirationYear: nextYear,
      address: brooklyn,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(mismatch);
    const after = (await api.get('/api/v1/cards')).body.data.find((c: { id: string }) => c.id === cardId);
    expect(after).toEqual(before);
  });

  it('PUT /customers/me refuses it with the same words and keeps the profile', async () => {
    const before = (await api.get('/api/v1/customers/me')).body.data;
    const res = await api.put('/api/v1/customers/me', {
      firstName: 'Changed',
      lastName: 'Example',
      phone: '2125550100',
      address: brooklyn,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(mismatch);
    expect((await api.get('/api/v1/customers/me')).body.data).toEqual(before);
  });

  it('the same ZIP with its own state is taken by both', async () => {
    const ny = { ...brooklyn, administrativeArea: 'NY' };
    expect(
      (
        await api.put(`/api/v1/cards/${cardId}`, {
          expirationMonth: 10,
          expirationYear: nextYear,
          address: ny,
        })
      ).status,
    ).toBe(200);
    const profile = await api.put('/api/v1/customers/me', {
      firstName: 'Ann',
      lastName: 'Example',
      phone: '2125550100',
      address: ny,
    });
    expect(profile.status).toBe(200);
    expect(profile.body.data.address).toMatchObject({ administrativeArea: 'NY', postalCode: '11201' });
  });
});
