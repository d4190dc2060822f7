import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCard, insertCustomer } from '../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { payinDueAt } from './billing-schedule.ts';
import { AS_IT_STANDS, chargedAt, pausedAt, pausedSince, renewalDue, renewsAt } from './pause-rule.ts';
import { payinCards } from './payin/eligibility.ts';

// The pause rule (ADR 18, amended by issue 38): one predicate, asked about an instant, for every
// reader. Each case places one pause around an instant T and asks every question about T.
const T = payinDueAt('2031-03');
const hours = (n: number) => new Date(T.getTime() + n * 3_600_000);
const DAY = 24;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.stop());

/** The pause of each case, in hours from T: when it began and, if it did, when it was lifted. */
const shapes = {
  'no pause': null,
  'paused before T, still paused': { from: -DAY },
  'paused before T, lifted after T (before a late run)': { from: -DAY, to: DAY },
  'paused before T, lifted exactly at T': { from: -DAY, to: 0 },
  'paused exactly at T': { from: 0 },
  'paused after T (before a late run)': { from: DAY },
  'paused and lifted before T': { from: -2 * DAY, to: -DAY },
} as const;
type Shape = keyof typeof shapes;
/** What ADR 18 says of each: paused at T? */
const pausedAtT: Record<Shape, boolean> = {
  'no pause': false,
  'paused before T, still paused': true,
  'paused before T, lifted after T (before a late run)': true,
  'paused before T, lifted exactly at T': false,
  'paused exactly at T': true,
  'paused after T (before a late run)': false,
  'paused and lifted before T': false,
};

/**
 * A customer with a card on file since well before T and an active subscription ending at
 * `expiresAt`, paused as `shape` says (through the rows' only writes: a pause begins open and
 * ends by resuming).
 */
async function subscriber(shape: Shape, expiresAt: Date) {
  const customer = await insertCustomer(t.db, { email: `rule-${crypto.randomUUID()}@example.com` });
  const card = await insertCard(t.db, customer);
  await sql`update cards set created_at = ${hours(-90 * DAY)} where id = ${card}`.execute(t.db);
  const s = await sql<{ id: string }>`
    insert into subscriptions (customer_id, plan_id, card_id, status, expires_at, created_at)
    values (${customer}, 'semi-annual', ${card}, 'active', ${expiresAt}, ${hours(-90 * DAY)}) returning id`.execute(
    t.db,
  );
  const id = s.rows[0]?.id as string;
  const pause = shapes[shape];
  if (pause) {
    await t.db
      .insertInto('subscription_pauses')
      .values({ subscription_id: id, paused_at: hours(pause.from), paused_by: 'test' })
      .execute();
    if ('to' in pause)
      await t.db
        .updateTable('subscription_pauses')
        .set({ resumed_at: hours(pause.to), resumed_by: 'test' })
        .where('subscription_id', '=', id)
        .execute();
  }
  return { id, card };
}

const ask = async <R>(id: string, question: RawBuilder<R>) =>
  (await sql<{ a: R }>`select ${question} as a from subscriptions s where s.id = ${id}`.execute(t.db)).rows[0]
    ?.a;

describe('paused at an instant', () => {
  for (const shape of Object.keys(shapes) as Shape[]) {
    it(`${shape}: ${pausedAtT[shape] ? 'paused' : 'not paused'} at T, by pausedAt and pausedSince alike`, async () => {
      const { id } = await subscriber(shape, hours(90 * DAY));
      expect(await ask(id, pausedAt(sql.ref<string>('s.id'), T))).toBe(pausedAtT[shape]);
      const since = await ask(id, pausedSince(sql.ref<string>('s.id'), T));
      expect(since === null).toBe(!pausedAtT[shape]);
    });
  }

  it('as it stands is the open pause: paused from when it began, not paused once lifted', async () => {
    const open = await subscriber('paused before T, still paused', hours(90 * DAY));
    const lifted = await subscriber('paused before T, lifted after T (before a late run)', hours(90 * DAY));
    expect(await ask(open.id, pausedSince(sql.ref<string>('s.id'), AS_IT_STANDS))).toEqual(hours(-DAY));
    expect(await ask(lifted.id, pausedAt(sql.ref<string>('s.id'), AS_IT_STANDS))).toBe(false);
    // …and it is what any instant after the last change sees.
    for (const { id } of [open, lifted])
      expect(await ask(id, pausedAt(sql.ref<string>('s.id'), AS_IT_STANDS))).toBe(
        await ask(id, pausedAt(sql.ref<string>('s.id'), hours(365 * DAY))),
      );
  });
});

describe('the pay-in and the renewal judge a pause at their own instant, the same way', () => {
  // Both are late: the run comes two days after T, after every change above.
  const lateRun = hours(2 * DAY);
  for (const shape of Object.keys(shapes) as Shape[]) {
    it(`${shape}: ${pausedAtT[shape] ? 'no pay-in and no renewal' : 'the pay-in and the renewal'} for T`, async () => {
      // A plan running past T owes its card T's pay-in; one ending at T renews there.
      const running = await subscriber(shape, hours(90 * DAY));
      const ending = await subscriber(shape, T);
      const owed = await sql`select c.id ${payinCards(T)} and c.id = ${running.card}`.execute(t.db);
      expect(owed.rows.length === 1).toBe(!pausedAtT[shape]);
      expect(await ask(ending.id, renewalDue('s', lateRun))).toBe(!pausedAtT[shape]);
      expect(await ask(ending.id, renewsAt('s', sql.ref<Date>('s.expires_at')))).toBe(!pausedAtT[shape]);
      // The forecast the Upcoming panel and the notices give before T says what the run does after.
      expect(await ask(running.id, chargedAt('s', T))).toBe(!pausedAtT[shape]);
    });
  }
});

describe('the app’s own role changes a pause only by pausing and resuming', () => {
  /** Runs a statement as the runtime role (the app's connection); its SQLSTATE and constraint, or null. */
  const asRuntime = async (statement: RawBuilder<unknown>) => {
    const err = await statement.execute(t.appDb).then(
      () => null,
      (e: { code?: string; constraint?: string }) => e,
    );
    return err ? [err.code, err.constraint].filter(Boolean).join(' ') : null;
  };

  it('has no flag to set: paused is the rows, and the rows are never deleted', async () => {
    const { id } = await subscriber('no pause', hours(90 * DAY));
    expect(await asRuntime(sql`update subscriptions set is_enabled = false where id = ${id}`)).toBe('42703');
    expect(await asRuntime(sql`delete from subscription_pauses`)).toBe('42501');
  });

  it('may not backdate a pause, write one already lifted, reopen or move one', async () => {
    const { id } = await subscriber('paused and lifted before T', hours(90 * DAY));
    expect(
      await asRuntime(sql`insert into subscription_pauses (subscription_id, paused_at, paused_by)
        values (${id}, ${hours(-1.5 * DAY)}, 'test')`),
    ).toBe('23514 subscription_pauses_in_order');
    expect(
      await asRuntime(sql`insert into subscription_pauses (subscription_id, paused_at, paused_by, resumed_at, resumed_by)
        values (${id}, ${hours(DAY)}, 'test', ${hours(2 * DAY)}, 'test')`),
    ).toBe('23514 subscription_pauses_begin_open');
    expect(
      await asRuntime(
        sql`update subscription_pauses set resumed_at = null, resumed_by = null where subscription_id = ${id}`,
      ),
    ).toBe('23514 subscription_pauses_ended_final');
    expect(
      await asRuntime(
        sql`update subscription_pauses set resumed_at = ${hours(3 * DAY)} where subscription_id = ${id}`,
      ),
    ).toBe('23514 subscription_pauses_ended_final');

    // Pausing and resuming (what pause-subscription.ts writes) still work, and nothing else does.
    expect(
      await asRuntime(sql`insert into subscription_pauses (subscription_id, paused_at, paused_by)
        values (${id}, ${hours(DAY)}, 'test')`),
    ).toBeNull();
    expect(
      await asRuntime(sql`update subscription_pauses set paused_at = ${hours(-3 * DAY)}
        where subscription_id = ${id} and resumed_at is null`),
    ).toBe('23514 subscription_pauses_end_only');
    expect(
      await asRuntime(sql`update subscription_pauses set resumed_at = ${hours(2 * DAY)}, resumed_by = 'test'
        where subscription_id = ${id} and resumed_at is null`),
    ).toBeNull();
    const rows = await t.db
      .selectFrom('subscription_pauses')
      .select(['paused_at', 'resumed_at'])
      .where('subscription_id', '=', id)
      .orderBy('paused_at')
      .execute();
    expect(rows).toEqual([
      { paused_at: hours(-2 * DAY), resumed_at: hours(-DAY) },
      { paused_at: hours(DAY), resumed_at: hours(2 * DAY) },
    ]);
  });
});
