import { cents } from '@pria/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliAuditContext } from '../../../platform/audit.ts';
import { fixedClock } from '../../../platform/clock.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { seedSubscribers } from '../../../test/seed-billing.ts';
import {
  claimPayoutChunk,
  recordSentPayouts,
  writeStalePayoutChunks,
} from '../payback/payout-chunks.repo.ts';
import { materializePayouts } from '../payback/payouts.repo.ts';
import { claimPayinChunk, recordSentPayins, writeStaleChunks } from '../payin/payin-chunks.repo.ts';
import { drainRun, startRun } from './run-engine.ts';
import { addRunProgress, getRun } from './runs.repo.ts';

// A pay-in run's cards are cut into chunks of BILLING_BATCH_SIZE; a drain that takes a chunk
// records the cards it is about to charge in it, and writes their attempts once, with their
// outcomes (ADR 17). A chunk whose drain died becomes `submitted` attempts once stale.
const clock = fixedClock('2032-03-28T20:01:00Z');
const period = '2032-03';
let t: TestApp;
let cardIds: string[];

beforeAll(async () => {
  t = await startTestApp({ BILLING_BATCH_SIZE: '4' }, { clock });
  ({ cardIds } = await seedSubscribers(t.db, t.payments, {
    customers: 10,
    cardsEach: 1,
    since: new Date('2032-01-01T00:00:00Z'),
  }));
}, 60_000);
afterAll(() => t?.stop());

const attemptsOf = (status?: string) =>
  sql<{ card_id: string; status: string }>`
    select card_id, status from payment_attempts
    where kind = 'payin' and period = ${period} ${status ? sql`and status = ${status}` : sql``}`.execute(
    t.db,
  );

/** The run's taken chunks, taken a day ago: stale, as a dead or stuck drain leaves them. */
const ageTakenChunks = (table: 'billing_chunks' | 'payout_chunks', runId: string) =>
  sql`update ${sql.table(table)} set taken_at = now() - interval '1 day'
    where run_id = ${runId} and taken_at is not null`.execute(t.db);

const chunksOf = (runId: string) =>
  sql<{ seq: number; cards: number; taken: boolean; sent: string[] | null; written: boolean }>`
    select seq, cards, taken_at is not null as taken, sent_cards as sent, written_at is not null as written
    from billing_chunks where run_id = ${runId}
    order by seq`.execute(t.db);

describe('a pay-in run in chunks', () => {
  it("writes nothing up front; a taken chunk records its cards before any call; a dead drain's chunk is settled by lookup; a card that stopped being owed is left out and the total follows", async () => {
    const start = {
      kind: 'payin' as const,
      period,
      asOf: clock.now(),
      by: 'schedule' as const,
      forced: false,
    };
    const run = await startRun(t.billing, start);
    expect(run.total).toBe(10);
    expect((await chunksOf(run.id)).rows.map((c) => c.cards)).toEqual([4, 4, 2]);
    expect((await attemptsOf()).rows).toHaveLength(0);

    // One chunk taken: its four cards are recorded in it (committed before any processor call);
    // no attempt row is written until their outcomes are known.
    const first = await claimPayinChunk(t.db, run.id, period);
    expect(first).toHaveLength(4);
    expect((await attemptsOf()).rows).toHaveLength(0);
    const taken = (await chunksOf(run.id)).rows.find((c) => c.taken);
    expect(taken?.written).toBe(false);
    expect([...(taken?.sent ?? [])].sort()).toEqual(first?.map((a) => a.payin.cardId).sort());

    // Reopening the run (a forced pass) cuts again only what no chunk has taken: no card twice.
    const reopened = await startRun(t.billing, { ...start, by: cliAuditContext('admin'), forced: true });
    expect(reopened.total).toBe(10);
    const chunks = (await chunksOf(run.id)).rows;
    expect(chunks.filter((c) => !c.taken).reduce((n, c) => n + c.cards, 0)).toBe(6);
    expect(chunks.filter((c) => c.taken)).toHaveLength(1);

    // A pause made just before the due instant commits after the cut (a slow request): the card
    // was not owed the month after all (ADR 18), so it is not charged and the run's total drops.
    const untakenCard = cardIds.find((id) => !first?.some((a) => a.reference.includes(id))) as string;
    await sql`insert into subscription_pauses (subscription_id, paused_at, paused_by)
      select id, pria_payin_due_at(${period}) - interval '1 second', 'test' from subscriptions
      where card_id = ${untakenCard}`.execute(t.db);

    // The first chunk was taken by a "worker" that died before sending: once stale, its cards
    // become submitted attempts, looked up; the processor never saw them, so they are sent now
    // under their own references (the first try), in the same run.
    await ageTakenChunks('billing_chunks', run.id);
    const done = await drainRun(t.billing, run.id);
    expect(done).toMatchObject({ status: 'completed', total: 9, done: 9, failed: 0, missed: 0 });
    const all = (await attemptsOf()).rows;
    expect(all).toHaveLength(9);
    expect(new Set(all.map((a) => a.card_id)).size).toBe(9);
    expect(all.map((a) => a.card_id)).not.toContain(untakenCard);
    expect(all.filter((a) => a.status === 'captured')).toHaveLength(9);
    const charged = await sql<{ reference: string }>`select reference from gateway_sim.transactions
      where kind = 'charge' and reference like ${`payin:%:${period}`}`.execute(t.db);
    expect(charged.rows).toHaveLength(9);
    expect(new Set(charged.rows.map((r) => r.reference)).size).toBe(9);
    for (const a of first ?? []) expect(charged.rows.map((r) => r.reference)).toContain(a.reference);
    expect((await chunksOf(run.id)).rows.every((c) => c.taken && c.written)).toBe(true);

    // Nothing is left to take, and taking again writes nothing.
    expect(await claimPayinChunk(t.db, run.id, period)).toBeNull();
    expect((await getRun(t.db, run.id))?.status).toBe('completed');
  });
});

describe("a slow drain's pay-ins", () => {
  it("land on the rows a stale chunk's writer wrote first: its insert is refused, the write runs again with ON CONFLICT (ADR 44), and each card is captured once with one money event", async () => {
    const may = '2032-05';
    clock.set('2032-05-28T20:01:00Z');
    const run = await startRun(t.billing, {
      kind: 'payin',
      period: may,
      asOf: clock.now(),
      by: 'schedule',
      forced: false,
    });
    const slow = (await claimPayinChunk(t.db, run.id, may)) ?? [];
    expect(slow).toHaveLength(4);
    const sent = await Promise.all(
      slow.map(async (a) => {
        const o = await t.payments.charge({
          reference: a.reference,
          instrumentId: a.instrument_id,
          amountCents: cents(300),
          description: a.description,
          initiator: 'merchant',
        });
        expect(o.status).toBe('captured');
        const gatewayTransactionId = o.status === 'captured' ? o.gatewayTransactionId : null;
        return {
          id: a.id,
          status: 'captured' as const,
          reason: null,
          gatewayTransactionId,
          sessionUrl: null,
          payin: a.payin,
        };
      }),
    );
    // The drain is slow to write: its chunk goes stale and the stale writer inserts its cards `submitted`.
    await ageTakenChunks('billing_chunks', run.id);
    expect(await writeStaleChunks(t.db, run.id, 5_000)).toBe(4);

    const late = await recordSentPayins(t.db, run, sent, [], clock.now());
    expect(late).toEqual({ done: 4, declined: 0 });
    const cards = slow.map((a) => a.payin.cardId);
    const rows = await sql<{ card_id: string; status: string }>`
      select card_id, status from payment_attempts
      where kind = 'payin' and period = ${may} and card_id = any(${cards}::uuid[])`.execute(t.db);
    expect(rows.rows.map((r) => r.card_id).sort()).toEqual([...cards].sort());
    expect(rows.rows.every((r) => r.status === 'captured')).toBe(true);
    const events = await sql<{ n: string }>`
      select count(*) as n from money_events e join payment_attempts a on e.dedupe_key = 'charge.succeeded:' || a.id
      where a.period = ${may} and a.card_id = any(${cards}::uuid[])`.execute(t.db);
    expect(Number(events.rows[0]?.n)).toBe(4);
    // A second write of the same outcomes changes nothing.
    expect(await recordSentPayins(t.db, run, sent, [], clock.now())).toEqual({ done: 0, declined: 0 });
  });
});

describe('a payout run in chunks', () => {
  it("writes no payout up front; a taken chunk records the captures and payout ids it pays before any call; a dead drain's chunk is settled by lookup and paid once; a slow drain's outcomes land on the stale writer's rows", async () => {
    // The pay-in above left 9 captures of the period; their pay-back instant is April 2, 16:00 New York.
    clock.set('2032-04-02T20:01:00Z');
    const run = await startRun(t.billing, {
      kind: 'payout',
      period,
      asOf: clock.now(),
      by: 'schedule',
      forced: false,
    });
    expect(run.total).toBe(9);
    const payouts = () =>
      sql<{ id: string; attempt_id: string; status: string; reference: string | null; tries: number }>`
        select id, attempt_id, status, reference, tries from payouts where period = ${period}`.execute(t.db);
    expect((await payouts()).rows).toHaveLength(0);
    const listed = await sql<{ seq: number; attempts: string[] }>`
      select seq, attempts from payout_chunks where run_id = ${run.id} order by seq`.execute(t.db);
    expect(listed.rows.map((c) => c.attempts.length)).toEqual([4, 4, 1]);

    // A drain takes a chunk: the captures and the payout ids it pays are committed in the chunk;
    // no payout row yet, and no other writer may write one for a listed capture meanwhile.
    const dead = (await claimPayoutChunk(t.db, run.id)) ?? [];
    expect(dead).toHaveLength(4);
    for (const p of dead) expect(p.reference).toBe(`payout:${p.id}:1`);
    const taken = await sql<{ sent_attempts: string[]; sent_payouts: string[] }>`
      select sent_attempts, sent_payouts from payout_chunks where run_id = ${run.id} and taken_at is not null`.execute(
      t.db,
    );
    expect(taken.rows[0]?.sent_attempts).toEqual(dead.map((p) => p.attemptId));
    expect(taken.rows[0]?.sent_payouts).toEqual(dead.map((p) => p.id));
    expect(await materializePayouts(t.db, period, clock.now())).toBe(0);
    expect((await payouts()).rows).toHaveLength(0);

    // A second drain takes the next chunk and calls the processor, but is slow to write: its chunk
    // goes stale first, and the stale writer inserts its payouts `submitted` under the same ids.
    const slow = (await claimPayoutChunk(t.db, run.id)) ?? [];
    expect(slow).toHaveLength(4);
    const answers = await Promise.all(
      slow.map(async (p) => {
        const o = await t.payments.payout({
          reference: p.reference,
          instrumentId: p.instrument_id,
          amountCents: cents(300),
        });
        expect(o.status).toBe('paid');
        return {
          id: p.id,
          attemptId: p.attemptId,
          reference: p.reference,
          status: 'paid' as const,
          reason: null,
          gatewayTransactionId: o.gatewayTransactionId,
        };
      }),
    );
    await ageTakenChunks('payout_chunks', run.id);
    expect(await writeStalePayoutChunks(t.db, run.id, 5_000)).toBe(8);
    const stale = (await payouts()).rows;
    expect(stale.map((p) => p.status)).toEqual(Array(8).fill('submitted'));
    expect(stale.map((p) => p.id).sort()).toEqual([...dead, ...slow].map((p) => p.id).sort());
    for (const p of stale) expect(p.reference).toBe(`payout:${p.id}:1`);
    // The slow drain's outcomes: its rows exist already, so they are recorded from `submitted`.
    const late = await recordSentPayouts(t.db, run.id, answers, [], clock.now());
    expect(late).toMatchObject({ answered: 4, done: 4 });
    await addRunProgress(t.db, run.id, late.done, late.failed); // as the drain's record step does

    // The next drain settles the dead chunk's payouts by lookup (never received: sent now under
    // the same reference) and pays the last chunk: every capture paid back once.
    clock.set('2032-04-02T20:30:00Z');
    const done = await drainRun(t.billing, run.id);
    expect(done).toMatchObject({ status: 'completed', total: 9, done: 9 });
    const all = (await payouts()).rows;
    expect(all).toHaveLength(9);
    expect(all.every((p) => p.status === 'paid' && p.tries === 1)).toBe(true);
    expect(new Set(all.map((p) => p.attempt_id)).size).toBe(9);
    const paid = await sql<{ reference: string }>`select reference from gateway_sim.transactions
      where kind = 'payout' and reference = any(${all.map((p) => p.reference)}::text[])`.execute(t.db);
    expect(paid.rows).toHaveLength(9);
    const tries = await sql<{ n: string }>`select count(*) as n from payout_tries
      where payout_id = any(${all.map((p) => p.id)}::uuid[]) and outcome = 'paid'`.execute(t.db);
    expect(Number(tries.rows[0]?.n)).toBe(9);
    expect(await claimPayoutChunk(t.db, run.id)).toBeNull();
  });
});

describe('chunk storage', () => {
  it("stores the chunks' id lists uncompressed (migration 0082)", async () => {
    const r = await sql<{ list: string; storage: string }>`
      select attrelid::regclass::text || '.' || attname as list, attstorage as storage from pg_attribute
      where attrelid in ('billing_chunks'::regclass, 'payout_chunks'::regclass) and attnum > 0
        and atttypid = 'uuid[]'::regtype
      order by 1`.execute(t.db);
    expect(r.rows).toEqual([
      { list: 'billing_chunks.sent_cards', storage: 'e' },
      { list: 'payout_chunks.attempts', storage: 'e' },
      { list: 'payout_chunks.sent_attempts', storage: 'e' },
      { list: 'payout_chunks.sent_payouts', storage: 'e' },
    ]);
  });
});
