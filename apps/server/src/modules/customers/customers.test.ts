import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../idp/index.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { oidcLogin } from '../../test/oidc-login.ts';

let t: TestApp;
const tokens: Record<'ann' | 'bob' | 'admin', string> = { ann: '', bob: '', admin: '' };

beforeAll(async () => {
  t = await startTestApp();
  for (const [who, roles] of [
    ['ann', ['customer']],
    ['bob', ['customer']],
    ['admin', ['admin']],
  ] as const) {
    const email = `${who}@example.com`;
    await createUser(t.db, { email, password: 'correct horse 1', roles: [...roles], emailVerified: true });
    tokens[who] = (await oidcLogin({ baseUrl: t.url, email, password: 'correct horse 1' })).access_token;
  }
});
afterAll(() => t?.stop());

const get = (path: string, who: keyof typeof tokens) =>
  fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${tokens[who]}` } });

describe('GET /api/v1/customers/{id}', () => {
  it("creates the caller's customer row on the first authenticated call, once", async () => {
    const [a, b] = await Promise.all([get('/api/v1/customers/me', 'ann'), get('/api/v1/customers/me', 'ann')]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const body = await a.json();
    expect(body).toMatchObject({ httpCode: 200, error: [] });
    expect(body.data).toMatchObject({ email: 'ann@example.com', email_verified: true, onBoardingIndex: 0 });
    expect(body.data.address).toMatchObject({ country: 'US' });
    const rows = await t.db.selectFrom('customers').selectAll().where('email', '=', 'ann@example.com').execute();
    expect(rows).toHaveLength(1);
    expect((await (await get(`/api/v1/customers/${body.data.id}`, 'ann')).json()).data.id).toBe(body.data.id);
  });

  it("refuses another customer's record", async () => {
    const bob = (await (await get('/api/v1/customers/me', 'bob')).json()).data;
    const res = await get(`/api/v1/customers/${bob.id}`, 'ann');
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('FORBIDDEN');
  });

  it('lets staff holding customer:get read any customer', async () => {
    const bob = (await (await get('/api/v1/customers/me', 'bob')).json()).data;
    const res = await get(`/api/v1/customers/${bob.id}`, 'admin');
    expect(res.status).toBe(200);
    expect((await res.json()).data.email).toBe('bob@example.com');
    expect((await get('/api/v1/customers/00000000-0000-0000-0000-000000000000', 'admin')).status).toBe(404);
    expect((await get('/api/v1/customers/not-a-uuid', 'admin')).status).toBe(404);
  });

  it('rejects a token signed by someone else', async () => {
    const [h, p] = tokens.ann.split('.');
    const forged = `${h}.${p}.${'A'.repeat(342)}`;
    const res = await fetch(`${t.url}/api/v1/customers/me`, { headers: { authorization: `Bearer ${forged}` } });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('Invalid Token');
  });
});
