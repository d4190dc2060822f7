import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, signedInUser } from '../../test/customers.ts';
import { insertCustomer } from '../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { geoLookupFrom } from './geoip.ts';

let t: TestApp;
let admin: Api;
let annId: string;
const base = Date.UTC(2030, 0, 1);

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInUser(t, 'admin@pria.test', ['admin']);
  const ann = await signedInUser(t, 'ann@pria.test');
  annId = (await ann.get('/api/v1/customers/me')).body.data.id;
  // 25 application events in the future (so they come first), two sharing one instant with a sign-in.
  for (let i = 0; i < 25; i++) {
    await t.db
      .insertInto('event_log')
      .values({
        at: new Date(base + i * 1000),
        stream: i % 2 ? 'billing' : 'admin',
        message: `event ${i}`,
        actor: i === 7 ? 'ops@pria.test' : null,
      })
      .execute();
  }
  await t.db
    .insertInto('event_log')
    .values({ at: new Date(base + 500), stream: 'billing', message: 'tie' })
    .execute();
  const annSubject = await t.db
    .selectFrom('idp_users')
    .select('id')
    .where('email', '=', 'ann@pria.test')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('idp_sign_in_events')
    .values({
      user_id: annSubject.id,
      email: 'ann@pria.test',
      ip: '203.0.113.9',
      success: false,
      reason: 'password',
      at: new Date(base + 500),
    })
    .execute();
});
afterAll(async () => t?.stop());

const logs = (query: string) => admin.get(`/api/v1/logs?${query}`);

describe('GET /logs', () => {
  it('pages newest first through every event with nextToken, without gaps or repeats', async () => {
    const first = await logs('');
    expect(first.status).toBe(200);
    expect(first.body.data.events).toHaveLength(10);
    expect(first.body.data.events[0]).toEqual({
      timestamp: base + 24_000,
      logStreamName: 'admin',
      message: 'event 24',
    });
    const seen: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const res = await logs(`limit=7&startTime=${base}${token ? `&nextToken=${token}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.data.events.map((e: { message: string }) => e.message));
      token = res.body.data.nextToken;
      pages++;
    } while (token && pages < 10);
    expect(seen).toHaveLength(27);
    expect(new Set(seen).size).toBe(27);
    expect(seen.slice(-3)).toEqual([
      'tie',
      'Sign-in failed (password): ann@pria.test from 203.0.113.9',
      'event 0',
    ]);
    expect(pages).toBe(4);
  });

  it('filters by pattern (message, stream, actor; any case) and time', async () => {
    expect((await logs('filterPattern=EVENT%201&limit=100')).body.data.events).toHaveLength(11);
    expect(
      (await logs('filterPattern=ops@&limit=100')).body.data.events.map(
        (e: { message: string }) => e.message,
      ),
    ).toEqual(['event 7']);
    const auth = await logs('filterPattern=auth&limit=100');
    expect(auth.body.data.events.every((e: { logStreamName: string }) => e.logStreamName === 'auth')).toBe(
      true,
    );
    expect(auth.body.data.events.length).toBeGreaterThanOrEqual(3); // the two sign-ins of the setup and the seeded one
    const window = await logs(`startTime=${base + 3000}&endTime=${base + 5000}`);
    expect(window.body.data.events.map((e: { message: string }) => e.message)).toEqual([
      'event 5',
      'event 4',
      'event 3',
    ]);
    expect(window.body.data.nextToken).toBeNull();
  });

  it("names whose account an account event is about, erased accounts by their id's start (issue 29)", async () => {
    const gone = await insertCustomer(t.db, { email: 'gone@pria.test', deleted: true });
    // A deletion erases the address (eraseCustomer).
    await t.db.updateTable('customers').set({ email: null }).where('id', '=', gone).execute();
    await t.db
      .insertInto('event_log')
      .values([
        { at: new Date(base + 90_000), stream: 'account', message: 'verification email sent', actor: annId },
        { at: new Date(base + 91_000), stream: 'account', message: 'account deleted', actor: gone },
      ])
      .execute();
    const messages = (await logs('filterPattern=account')).body.data.events.map(
      (e: { message: string }) => e.message,
    );
    expect(messages).toContain('verification email sent · ann@pria.test');
    expect(messages).toContain(`account deleted · deleted client ${gone.slice(0, 8)}`);
  });

  it('refuses a forged token, a bad limit and a reversed window with 400', async () => {
    for (const q of [
      'nextToken=garbage',
      `nextToken=${Buffer.from('[1,2,3]').toString('base64url')}`,
      'limit=0',
      'limit=101',
      `startTime=${base}&endTime=${base - 1}`,
    ]) {
      const res = await logs(q);
      expect(res.status, q).toBe(400);
    }
    expect((await logs('nextToken=garbage')).body.message).toBe('Invalid nextToken');
  });
});

describe('GET /logs/{userId}', () => {
  it("lists the client's sign-ins, newest first, location null without a GeoIP database", async () => {
    const res = await admin.get(`/api/v1/logs/${annId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.logs[0]).toMatchObject({
      user_id: annId,
      ip: '203.0.113.9',
      user_name: 'ann@pria.test',
      location_info: null,
      success: false,
      reason: 'password',
    });
    expect(res.body.data.logs[1]).toMatchObject({ success: true, location_info: null });
    expect(typeof res.body.data.logs[1].user_agent).toBe('string');
    const page2 = await admin.get(`/api/v1/logs/${annId}?page=2`);
    expect(page2.body.data).toEqual({ logs: [], total: 2 });
  });

  it('has nothing for a customer of another issuer; 404 for an unknown id; 400 for a non-id', async () => {
    const other = await insertCustomer(t.db, { email: 'ext@example.com' });
    expect((await admin.get(`/api/v1/logs/${other}`)).body.data).toEqual({ logs: [], total: 0 });
    expect((await admin.get('/api/v1/logs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.get('/api/v1/logs/ann')).status).toBe(400);
    expect((await admin.get(`/api/v1/logs/${annId}?limit=5`)).status).toBe(400);
  });
});

describe('GeoIP lookup', () => {
  it('maps a City record and ignores what it cannot place', () => {
    const geo = geoLookupFrom({
      get: (ip: string) =>
        ip === '81.2.69.142'
          ? ({
              city: { names: { en: 'London' } },
              country: { names: { en: 'United Kingdom' } },
              location: { latitude: 51.5, longitude: -0.1 },
            } as never)
          : null,
    });
    expect(geo('81.2.69.142')).toEqual({
      city_name: 'London',
      country_name: 'United Kingdom',
      latitude: 51.5,
      longitude: -0.1,
    });
    expect(geo('10.0.0.1')).toBeNull();
    expect(geo('not an ip')).toBeNull();
    expect(geo(null)).toBeNull();
  });
});
