import { dataExportMessages } from '@pria/contracts';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.ts';
import { createLogger } from '../../platform/logger.ts';
import { type Api, addCard, signedInUser, testCards } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { collectDataset } from './collect-customer-data.ts';
import { type DataExportDeps, prepareDueDataExports } from './index.ts';

/**
 * "Download my data" end to end on the server: the request, the worker's preparation with
 * progress, the email with its single-use link, the ZIP's contents, the once-only download, the
 * daily limit, expiry after 7 days, and the log of the customer's actions.
 */
const clock = fixedClock('2030-03-10T15:00:00Z');
let t: TestApp;
let deps: DataExportDeps;
let ann: Api;
let annId: string;

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  deps = { db: t.db, clock, logger: createLogger('silent'), publicUrl: t.url };
  ann = await signedInUser(t, 'export-ann@pria.test');
  annId = (await ann.get('/api/v1/customers/me')).body.data.id;
  const profile = {
    firstName: 'Ann',
    lastName: 'Lee',
    phone: '2025550107',
    address: { address1: '1 Main St', locality: 'New York', administrativeArea: 'NY', postalCode: '10001' },
  };
  expect((await ann.put(`/api/v1/customers/${annId}`, profile)).status).toBe(200);
  const card = (await addCard(ann, testCards.visa)).body.data.id;
  expect((await ann.post('/api/v1/subscriptions', { plan: 'semi-annual', card })).status).toBe(200);
}, 120_000);
afterAll(() => t?.stop());

const tokenFromEmail = async () => {
  const mail = await t.db
    .selectFrom('message_outbox')
    .select(['subject', 'text_body'])
    .where('recipient', '=', 'export-ann@pria.test')
    .where('subject', '=', 'Your Pria data is ready to download')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const token = /privacy\?export=([A-Za-z0-9_-]{43})/.exec(mail.text_body)?.[1];
  if (!token) throw new Error(`no link in ${mail.text_body}`);
  return token;
};

describe('download my data', () => {
  let token: string;

  it('is prepared by the worker with progress, then offered by email for 7 days', async () => {
    const requested = await ann.post('/api/v1/account/data-exports');
    expect(requested.status).toBe(202);
    expect(requested.body.message).toBe(dataExportMessages.requested);
    expect(requested.body.data).toMatchObject({ status: 'queued', progress: 0, readyAt: null });
    // One at a time.
    const again = await ann.post('/api/v1/account/data-exports');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(dataExportMessages.alreadyPreparing);

    expect(await prepareDueDataExports(deps)).toBe(1);
    const [ready] = (await ann.get('/api/v1/account/data-exports')).body.data;
    expect(ready).toMatchObject({ status: 'ready', progress: 100, readyAt: '2030-03-10T15:00:00.000Z' });
    expect(ready.expiresAt).toBe('2030-03-17T15:00:00.000Z');
    token = await tokenFromEmail();
    // Only the token's hash is kept.
    const row = await t.db
      .selectFrom('data_export_requests')
      .selectAll()
      .where('id', '=', ready.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('is a ZIP with JSON and CSV of everything, cards masked', async () => {
    const other = await signedInUser(t, 'export-bob@pria.test');
    // Another customer's session cannot use Ann's link.
    expect((await other.download(`/api/v1/account/data-exports/download?token=${token}`)).status).toBe(404);

    const res = await ann.download(`/api/v1/account/data-exports/download?token=${token}`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/zip');
    expect(res.disposition).toBe('attachment; filename="pria-data-2030-03-10.zip"');
    const files = unzipSync(new Uint8Array(res.bytes));
    const names = Object.keys(files).sort();
    for (const name of [
      'profile',
      'cards',
      'subscription_history',
      'charges',
      'paybacks',
      'refunds',
      'disputes',
      'notices',
      'messages',
      'sign_ins',
      'consents',
    ]) {
      expect(names).toContain(`json/${name}.json`);
      expect(names).toContain(`csv/${name}.csv`);
    }
    expect(names).toContain('README.txt');
    const json = (name: string) => JSON.parse(strFromU8(files[`json/${name}.json`] as Uint8Array));
    const csv = (name: string) => strFromU8(files[`csv/${name}.csv`] as Uint8Array);

    expect(json('profile')).toEqual([
      expect.objectContaining({
        customer_id: annId,
        email: 'export-ann@pria.test',
        first_name: 'Ann',
        phone: '2025550107',
        city: 'New York',
      }),
    ]);
    expect(json('cards')).toEqual([
      expect.objectContaining({ card: 'Visa •••• 1111', last_four: '1111', brand: 'visa' }),
    ]);
    expect(csv('cards').split('\n')[0]).toContain('card_id,card,brand,last_four');
    expect(csv('cards')).toContain('Visa •••• 1111');
    const charges = json('charges');
    expect(charges).toEqual([
      expect.objectContaining({ kind: 'plan charge', status: 'captured', card: 'Visa •••• 1111' }),
    ]);
    expect(charges[0].amount_cents).toBeGreaterThan(3600);
    expect(charges[0].amount).toBe((charges[0].amount_cents / 100).toFixed(2));
    expect(json('subscription_history').map((e: { event: string }) => e.event)).toEqual(
      expect.arrayContaining([expect.stringContaining('Subscribed to')]),
    );
    expect(json('sign_ins')).toEqual(
      expect.arrayContaining([expect.objectContaining({ result: 'Password accepted' })]),
    );
    // Never a card number, anywhere in the file.
    const everything = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    expect(everything).not.toContain('4111111111111111');
    expect(everything).not.toMatch(/\b4111[ -]?1111[ -]?1111[ -]?1111\b/);
  });

  it('works once; a new request waits a day; the customer’s actions are in the log', async () => {
    const second = await ann.download(`/api/v1/account/data-exports/download?token=${token}`);
    expect(second.status).toBe(404);
    expect(JSON.parse(second.bytes.toString()).message).toBe(dataExportMessages.linkInvalid);
    const [done] = (await ann.get('/api/v1/account/data-exports')).body.data;
    expect(done).toMatchObject({ status: 'downloaded', downloadedAt: '2030-03-10T15:00:00.000Z' });
    const row = await t.db
      .selectFrom('data_export_requests')
      .select(['file'])
      .where('id', '=', done.id)
      .executeTakeFirstOrThrow();
    expect(row.file).toBeNull();

    const soon = await ann.post('/api/v1/account/data-exports');
    expect(soon.status).toBe(429);
    expect(soon.body.message).toBe(dataExportMessages.tooSoon);

    const log = await t.db
      .selectFrom('event_log')
      .select(['message', 'actor'])
      .where('stream', '=', 'account')
      .where('message', 'like', 'data export%')
      .where('actor', '=', annId)
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.message)).toEqual([
      'data export requested',
      'data export ready',
      'data export downloaded',
    ]);
  });

  it('expires after 7 days: the file is gone and the link opens nothing', async () => {
    clock.set(new Date('2030-03-12T15:00:00Z'));
    expect((await ann.post('/api/v1/account/data-exports')).status).toBe(202);
    await prepareDueDataExports(deps);
    const late = await tokenFromEmail();
    clock.set(new Date('2030-03-19T15:00:01Z'));
    await prepareDueDataExports(deps);
    const [expired] = (await ann.get('/api/v1/account/data-exports')).body.data;
    expect(expired.status).toBe('expired');
    expect((await ann.download(`/api/v1/account/data-exports/download?token=${late}`)).status).toBe(404);
    const row = await t.db
      .selectFrom('data_export_requests')
      .select(['file'])
      .where('id', '=', expired.id)
      .executeTakeFirstOrThrow();
    expect(row.file).toBeNull();
    expect((await ann.download('/api/v1/account/data-exports/download?token=nope')).status).toBe(400);
  });
});

describe('the messages in a download', () => {
  const profile = (firstName: string) => ({
    firstName,
    lastName: 'Lee',
    phone: '2025550199',
    address: { address1: '1 Main St', locality: 'New York', administrativeArea: 'NY', postalCode: '10001' },
  });
  const smsTo = (phone: string) =>
    t.db
      .selectFrom('message_outbox')
      .select('id')
      .where('recipient', '=', phone)
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((r) => Number(r.id)));

  it("are the customer's own account's only, never another account's SMS to a phone number they typed", async () => {
    const bob = await signedInUser(t, 'export-bob2@pria.test');
    const bobId = (await bob.get('/api/v1/customers/me')).body.data.id as string;
    expect((await bob.put(`/api/v1/customers/${bobId}`, profile('Bob'))).status).toBe(200);
    // A deletion code goes by SMS: a message for Bob's account to his phone.
    expect((await bob.delete('/api/v1/customers')).status).toBe(200);
    const [bobSms] = await smsTo('+12025550199');

    // Eve types Bob's number as hers (a phone number is not verified) and gets a code there too.
    const eve = await signedInUser(t, 'export-eve@pria.test');
    const eveId = (await eve.get('/api/v1/customers/me')).body.data.id as string;
    expect((await eve.put(`/api/v1/customers/${eveId}`, profile('Eve'))).status).toBe(200);
    expect((await eve.delete('/api/v1/customers')).status).toBe(200);
    const [, eveSms] = await smsTo('+12025550199');
    expect(bobSms).toBeDefined();
    expect(eveSms).toBeGreaterThan(bobSms ?? 0);

    expect((await eve.post('/api/v1/account/data-exports')).status).toBe(202);
    expect(await prepareDueDataExports(deps)).toBe(1);
    const mail = await t.db
      .selectFrom('message_outbox')
      .select('text_body')
      .where('recipient', '=', 'export-eve@pria.test')
      .where('subject', '=', 'Your Pria data is ready to download')
      .executeTakeFirstOrThrow();
    const token = /privacy\?export=([A-Za-z0-9_-]{43})/.exec(mail.text_body)?.[1];
    const res = await eve.download(`/api/v1/account/data-exports/download?token=${token}`);
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(res.bytes));
    const messages = JSON.parse(strFromU8(files['json/messages.json'] as Uint8Array)) as {
      message_id: number;
      to: string;
    }[];
    expect(messages.map((m) => m.message_id)).toContain(eveSms);
    expect(messages.map((m) => m.message_id)).not.toContain(bobSms);
    expect(strFromU8(files['csv/messages.csv'] as Uint8Array)).not.toMatch(new RegExp(`^${bobSms},`, 'm'));

    // Bob's file has his code, not Eve's, though both went to the same number.
    const bobs = (await collectDataset(t.db, bobId, 'messages')).map((m) => m.message_id);
    expect(bobs).toContain(bobSms);
    expect(bobs).not.toContain(eveSms);
  });
});
