import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { runDueWork } from '../billing/index.ts';

/**
 * The tick's lifecycle notices (issue 19), walking the calendar day by day from December 2030 to
 * March 2031 (a year end and the March DST change), with an outage: a reminder before every
 * renewal (30 days for the annual plan, 7 for the semi-annual), each exactly once, caught up
 * after downtime, none for a cancelled or paused subscription; expiring-card notices at the
 * start of each month; and the CLI's billing:tick putting a reminder in the outbox once.
 */
const NY = 'America/New_York';
const clock = fixedClock('2030-01-20T15:00:00Z');
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let t: TestApp;
const people: Record<string, Api> = {};

const ny = (y: number, m: number, d: number, h: number, min = 0) =>
  DateTime.fromObject({ year: y, month: m, day: d, hour: h, minute: min }, { zone: NY }).toJSDate();
const nyDay = (d: Date) => DateTime.fromJSDate(d, { zone: NY }).toISODate();

async function subscribe(who: string, plan: string, at: Date, expires = { month: 12, year: 2040 }) {
  clock.set(at);
  const api = await signedInUser(t, `${who}@example.com`);
  const card = (await addCard(api, testCards.visa, '123', expires)).body.data.id;
  const sub = await api.post('/api/v1/subscriptions', { plan, card });
  expect(sub.status).toBe(200);
  people[who] = api;
  return { api, subscription: sub.body.data.subscription.id as string, card: card as string };
}

/** The lifecycle notices (the security notices of the cards added, ADR 68, are tested elsewhere). */
const notices = async () =>
  (
    await sql<{ type: string; email: string; dedupe_key: string }>`
      select n.type, c.email, n.dedupe_key from customer_notices n join customers c on c.id = n.customer_id
      where n.type not like 'security.%'
      order by n.id`.execute(t.db)
  ).rows;

function cli(args: string[]): Promise<number | null> {
  const child = spawn(process.execPath, [path.join(serverRoot, 'src', 'cli.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'error', PUBLIC_URL: t.url },
    stdio: 'ignore',
  });
  return new Promise((resolve) => child.on('exit', resolve));
}

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  // Annual from January 20th 2030 (renews January 20th 2031, across the year end), its funding
  // card expiring in December 2030; semi-annual ones from September 15th 2030 (renew March 15th
  // 2031, after the DST change): one keeps it, one cancels, one pauses.
  const annual = await subscribe('ann', 'annual', ny(2030, 1, 20, 10), { month: 12, year: 2030 });
  const extra = await addCard(annual.api, testCards.mastercard, '123', { month: 2, year: 2031 });
  expect(extra.status).toBe(201);
  await subscribe('sam', 'semi-annual', ny(2030, 9, 15, 10));
  const cal = await subscribe('cal', 'semi-annual', ny(2030, 9, 15, 11));
  const pat = await subscribe('pat', 'semi-annual', ny(2030, 9, 15, 12));
  clock.set(ny(2030, 10, 1, 9));
  expect((await cal.api.post(`/api/v1/subscriptions/${cal.subscription}/cancel`)).status).toBe(200);
  expect((await pat.api.put(`/api/v1/subscriptions/${pat.subscription}`, { isEnabled: false })).status).toBe(
    200,
  );
}, 120_000);
afterAll(() => t?.stop());

describe('renewal reminders and card notices', () => {
  it('sends each once, on the right day, through an outage, a year end and a DST change', async () => {
    const firstSeen = new Map<string, string>();
    const walk = async (from: Date, to: Date) => {
      for (let d = DateTime.fromJSDate(from, { zone: NY }); d.toJSDate() <= to; d = d.plus({ days: 1 })) {
        const instant = d.set({ hour: 16, minute: 1 }).toJSDate();
        clock.set(instant);
        await runDueWork(t.billing, instant);
        for (const n of await notices())
          if (!firstSeen.has(n.dedupe_key)) firstSeen.set(n.dedupe_key, nyDay(instant) ?? '');
      }
    };
    // December 1st to 17th; down from the 18th to the 23rd; back on the 24th until March 7th.
    await walk(ny(2030, 12, 1, 0), ny(2030, 12, 17, 23));
    await walk(ny(2030, 12, 24, 0), ny(2031, 3, 7, 23));

    // March 8th, 16:01 New York: seven days before Sam's March 15th renewal. The CLI's tick puts
    // one reminder in the outbox; the same tick again adds none.
    const reminderFor = async (to: string) =>
      (
        await t.db
          .selectFrom('message_outbox')
          .select(['subject', 'text_body'])
          .where('recipient', '=', to)
          .where('subject', 'like', 'Your Pria subscription renews on%')
          .execute()
      ).map((r) => r);
    expect(await reminderFor('sam@example.com')).toEqual([]);
    const samAt = ny(2031, 3, 8, 16, 1).toISOString();
    expect(await cli(['billing:tick', '--at', samAt])).toBe(0);
    expect(await reminderFor('sam@example.com')).toHaveLength(1);
    expect(await cli(['billing:tick', '--at', samAt])).toBe(0);
    const sam = await reminderFor('sam@example.com');
    expect(sam).toHaveLength(1);
    expect(sam[0]?.subject).toBe('Your Pria subscription renews on March 15, 2031');
    expect(sam[0]?.text_body).toContain('We will charge $38.97, tax included, to your Visa •••• 1111');
    expect(sam[0]?.text_body).toContain(`${t.url}/dashboard/account/subscription`);
    for (const n of await notices())
      if (!firstSeen.has(n.dedupe_key)) firstSeen.set(n.dedupe_key, '2031-03-08');

    await walk(ny(2031, 3, 8, 0), ny(2031, 3, 20, 23));

    const sent = await notices();
    const byType = (type: string) => sent.filter((n) => n.type === type);
    // Reminders: Ann's 30 days before January 20th fell in the outage (December 21st) and went out
    // on the first tick after it; Sam's 7 days ahead; none for Cal (cancelled) or Pat (paused).
    const reminders = byType('renewal.reminder');
    expect(reminders.map((n) => [n.email, firstSeen.get(n.dedupe_key)])).toEqual([
      ['ann@example.com', '2030-12-24'],
      ['sam@example.com', '2031-03-08'],
    ]);
    const ann = await reminderFor('ann@example.com');
    expect(ann).toHaveLength(1);
    expect(ann[0]?.subject).toBe('Your Pria subscription renews on January 20, 2031');
    expect(ann[0]?.text_body).toContain('$71.45');

    // Ann's funding card (12/2030) would have expired by her renewal: told at the start of December.
    expect(byType('funding_card.expiring').map((n) => [n.email, firstSeen.get(n.dedupe_key)])).toEqual([
      ['ann@example.com', '2030-12-01'],
    ]);
    // Expired by the month's 28th: her Visa from January on, her Mastercard (02/2031) from March.
    expect(byType('card.expiring').map((n) => firstSeen.get(n.dedupe_key))).toEqual([
      '2031-01-01',
      '2031-02-01',
      '2031-03-01',
      '2031-03-01',
    ]);
    expect(new Set(sent.map((n) => n.dedupe_key)).size).toBe(sent.length);
    // Every notice (Cal's cancellation included) went out once by email.
    expect(byType('subscription.cancelled').map((n) => n.email)).toEqual(['cal@example.com']);
    const mails = await sql<{ n: number }>`
      select count(*)::int as n from message_outbox where dedupe_key like 'notice:%:email'`.execute(t.db);
    expect(mails.rows[0]?.n).toBe(sent.length);
  }, 240_000);
});
