import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.ts';
import { apiClient } from '../../../test/api-client.ts';
import { signedInUser } from '../../../test/customers.ts';
import { nextDuePayin } from '../../../test/due-period.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { processorMoves, seedSubscribers } from '../../../test/seed-billing.ts';

/**
 * The guarantees that matter most, proven with real processes on one database: several
 * workers and a forced run on the same period charge every card once and pay it back once; a
 * worker killed with SIGKILL mid-run leaves nothing charged twice and no capture unpaid.
 */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let t: TestApp;

function spawnNode(script: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [path.join(serverRoot, 'src', script), ...args], {
    env: { ...process.env, ...env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'error', PUBLIC_URL: t.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; out: string }> {
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const runStatus = async (kind: string, period: string) =>
  (
    await t.db
      .selectFrom('billing_runs')
      .select(['status', 'total', 'done', 'failed'])
      .where('kind', '=', kind as 'payin')
      .where('period', '=', period)
      .executeTakeFirst()
  )?.status;

async function assertExactlyOnce(period: string, cardIds: string[]) {
  const attempts = await t.db
    .selectFrom('payment_attempts')
    .select(['card_id', 'status'])
    .where('kind', '=', 'payin')
    .where('period', '=', period)
    .execute();
  // One attempt per card (the unique index would refuse a second anyway).
  expect(new Set(attempts.map((a) => a.card_id)).size).toBe(attempts.length);
  expect(attempts.length).toBe(cardIds.length);

  const moves = await processorMoves(t.db, period);
  const charges = moves.filter((m) => m.kind === 'charge' && m.status === 'captured');
  const payouts = moves.filter((m) => m.kind === 'payout' && m.status === 'paid');
  // At the processor: no instrument was charged more than once or paid more than once.
  expect(charges.every((c) => c.n === 1)).toBe(true);
  expect(payouts.every((p) => p.n === 1)).toBe(true);
  const captured = attempts.filter((a) => a.status === 'captured').length;
  expect(charges.length).toBe(captured);
  expect(payouts.length).toBe(captured);

  // And in our books: every capture has exactly one paid payout of the same amount.
  const unpaid = await sql<{ n: number }>`
    select count(*)::int as n from payment_attempts a left join payouts p on p.attempt_id = a.id
    where a.kind = 'payin' and a.period = ${period} and a.status = 'captured'
      and (p.id is null or p.status <> 'paid' or p.amount_cents <> a.amount_cents)`.execute(t.db);
  expect(unpaid.rows[0]?.n).toBe(0);
}

// The first test forces a period that is open now for the API (its clock) and the CLI (--at).
const due = nextDuePayin();

beforeAll(async () => {
  // The API process only enqueues; the worker processes spawned below do the work.
  t = await startTestApp(
    { PRIA_JOBS: 'true', PRIA_ROLE: 'web', BILLING_DRAIN_JOBS: '2' },
    { clock: fixedClock(due.at) },
  );
}, 60_000);
afterAll(() => t?.stop());

describe('billing across processes', () => {
  it('two workers and forced runs on the same period charge and pay back every card exactly once', async () => {
    const { cardIds } = await seedSubscribers(t.db, t.payments, {
      customers: 60,
      cardsEach: 2,
      since: new Date('2026-01-01T00:00:00Z'),
    });
    const workerEnv = {
      PRIA_ROLE: 'worker',
      PRIA_JOBS: 'true',
      BILLING_CONCURRENCY: '4',
      BILLING_BATCH_SIZE: '10',
      SIMULATOR_LATENCY_MS: '5',
    };
    const workers = [spawnNode('main.ts', [], workerEnv), spawnNode('main.ts', [], workerEnv)];
    const workerExits = workers.map(exited);
    try {
      const admin = await signedInUser(t, 'ops@example.com', ['admin']);
      const { period } = due;
      const at = ['--at', due.at.toISOString()];
      // A forced run through the API (drained by the workers) and one from the CLI at once.
      const cli = exited(spawnNode('cli.ts', ['billing:run', 'payin', '--period', period, ...at], workerEnv));
      const forced = await admin.post('/api/v1/payin-payout/payin');
      expect(forced.status).toBe(202);
      expect(forced.body.message).toBe('Pay-in run started');
      expect((await cli).code).toBe(0);
      await waitFor(async () => (await runStatus('payin', period)) === 'completed', 60_000, 'the pay-in run');

      const cliPayout = exited(
        spawnNode('cli.ts', ['billing:run', 'payout', '--period', period, ...at], workerEnv),
      );
      expect((await admin.post('/api/v1/payin-payout/payout')).status).toBe(202);
      expect((await cliPayout).code).toBe(0);
      await waitFor(
        async () => (await runStatus('payout', period)) === 'completed',
        60_000,
        'the payout run',
      );

      await assertExactlyOnce(period, cardIds);

      // A second forced pay-in for the same period charges nobody again.
      const again = exited(
        spawnNode('cli.ts', ['billing:run', 'payin', '--period', period, ...at], workerEnv),
      );
      expect((await again).code).toBe(0);
      await assertExactlyOnce(period, cardIds);

      // The run's progress is visible to staff.
      const runs = await t.db.selectFrom('billing_runs').selectAll().where('period', '=', period).execute();
      const payin = runs.find((r) => r.kind === 'payin');
      expect(payin).toMatchObject({
        total: cardIds.length,
        done: cardIds.length,
        failed: 0,
        status: 'completed',
      });
      const progress = await admin.get(`/api/v1/billing/runs/${payin?.id}`);
      expect(progress.body.data).toMatchObject({
        total: cardIds.length,
        done: cardIds.length,
        status: 'completed',
      });
    } finally {
      for (const w of workers) w.kill('SIGTERM');
      await Promise.all(workerExits);
    }
  }, 180_000);

  it('a worker killed with SIGKILL a quarter into a pay-in run, then into its pay-back run: after restart every card has its own outcome, charged once, paid back once', async () => {
    const period = '2026-09';
    const db = t.db;
    await sql`truncate gateway_sim.transactions`.execute(db).catch(() => {});
    // Every fifth card is refused by its issuer: its own outcome is "Insufficient funds".
    const poor = (i: number) => i % 5 === 4;
    const { cardIds } = await seedSubscribers(db, t.payments, {
      customers: 80,
      cardsEach: 1,
      since: new Date('2026-01-01T00:00:00Z'),
      number: (i) => (poor(i) ? '4000000000009995' : '4111111111111111'),
    });
    const env = {
      BILLING_CONCURRENCY: '4',
      BILLING_BATCH_SIZE: '8',
      SIMULATOR_LATENCY_MS: '40',
      BILLING_STALE_AFTER_SECONDS: '1',
      // This installation's made-up history starts in January 2026: September may be forced.
      PRIA_FIRST_BILLING_PERIOD: '2026-01',
    };
    const reached = async (kind: 'charge' | 'payout') =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from gateway_sim.transactions t
            where t.kind = ${kind} and ${
              kind === 'charge'
                ? sql`t.reference like ${`payin:%:${period}`}`
                : sql`exists (select 1 from payouts p where p.period = ${period}
                               and t.reference like 'payout:' || p.id || ':%')`
            }`.execute(db)
        ).rows[0]?.n,
      );
    const killAfter = async (args: string[], kind: 'charge' | 'payout', n: number) => {
      const victim = spawnNode('cli.ts', args, env);
      const victimExit = exited(victim);
      // NOTE: the wait includes the child's start (slow on a loaded machine); if it never gets
      // there, what the child printed is part of the failure.
      await waitFor(async () => (await reached(kind)) >= n, 120_000, `${n} ${kind}s at the processor`).catch(
        async (err: Error) => {
          victim.kill('SIGKILL');
          const { code, out } = await victimExit;
          throw new Error(`${err.message}; the worker exited ${code} and printed:\n${out.slice(-4000)}`);
        },
      );
      victim.kill('SIGKILL');
      expect((await victimExit).code).toBeNull();
    };

    // Pay-in: killed once a quarter of the charges reached the processor.
    // (A quarter of all this run's charges: ours and the earlier test's 120 cards.)
    await killAfter(['billing:run', 'payin', '--period', period], 'charge', (cardIds.length + 120) / 4);
    expect(await runStatus('payin', period)).toBe('running');
    const leftOpen = await sql<{ n: number }>`select
        (select count(*) from payment_attempts where period = ${period} and status in ('created', 'submitted'))::int
      + (select count(*) from billing_chunks k join billing_runs r on r.id = k.run_id
         where r.kind = 'payin' and r.period = ${period} and k.taken_at is null)::int as n`.execute(db);
    expect(leftOpen.rows[0]?.n).toBeGreaterThan(0);
    expect(await reached('charge')).toBeLessThan(cardIds.length + 120);

    // A new process after the staleness window: what the dead one sent is found by lookup, what
    // it claimed but never sent is sent now under its own reference, the rest is sent as usual.
    await new Promise((r) => setTimeout(r, 1200));
    const restart = await exited(spawnNode('cli.ts', ['billing:run', 'payin', '--period', period], env));
    expect(restart.code).toBe(0);
    expect(await runStatus('payin', period)).toBe('completed');

    const attempts = await db
      .selectFrom('payment_attempts')
      .select(['card_id', 'status', 'decline_reason', 'reference'])
      .where('kind', '=', 'payin')
      .where('period', '=', period)
      .execute();
    const mine = attempts.filter((a) => cardIds.includes(a.card_id));
    expect(mine).toHaveLength(cardIds.length);
    for (const [i, card] of cardIds.entries()) {
      const own = mine.filter((a) => a.card_id === card);
      expect(own.map((a) => [a.status, a.decline_reason])).toEqual([
        poor(i) ? ['declined', 'Insufficient funds'] : ['captured', null],
      ]);
    }
    // (The run charges every subscriber in this database; the earlier test's cards are not ours.)
    const references = cardIds.map((id) => `payin:${id}:${period}`);
    const charges = await sql<{ reference: string; n: number }>`
      select reference, count(*)::int as n from gateway_sim.transactions
      where kind = 'charge' and reference = any(${references}::text[]) group by reference`.execute(db);
    expect(charges.rows).toHaveLength(cardIds.length);
    expect(charges.rows.every((c) => c.n === 1)).toBe(true);

    // Pay-back: killed a quarter of the way too; the restart pays every capture back once.
    const captured = mine.filter((a) => a.status === 'captured').length;
    // (This period's pay-backs: ours and the earlier test's cards, all captured.)
    const owed = captured + 120;
    await killAfter(['billing:run', 'payout', '--period', period], 'payout', owed / 4);
    expect(await runStatus('payout', period)).toBe('running');
    expect(await reached('payout')).toBeLessThan(owed);
    await new Promise((r) => setTimeout(r, 1200));
    const payout = await exited(spawnNode('cli.ts', ['billing:run', 'payout', '--period', period], env));
    expect(payout.code).toBe(0);
    expect(await runStatus('payout', period)).toBe('completed');
    const paid = await sql<{ status: string; tries: number; n: number }>`
      select p.status, p.tries, count(*)::int as n from payouts p
      where p.period = ${period} and p.card_id = any(${cardIds}::uuid[]) group by p.status, p.tries`.execute(
      db,
    );
    // One try each: a pay-back the dead process claimed but never sent went out under its own reference.
    expect(paid.rows).toEqual([{ status: 'paid', tries: 1, n: captured }]);
    const instruments = await db
      .selectFrom('cards')
      .select('instrument_id')
      .where('id', 'in', cardIds)
      .execute();
    const moves = (await processorMoves(db, period)).filter(
      (m) => m.kind === 'payout' && instruments.some((c) => c.instrument_id === m.instrument_id),
    );
    expect(moves.every((m) => m.n === 1 && m.status === 'paid')).toBe(true);
    expect(moves).toHaveLength(captured);
  }, 180_000);

  it('refuses forced runs without the permission', async () => {
    const customer = await signedInUser(t, 'nosy@example.com');
    for (const path of [
      '/api/v1/payin-payout/payin',
      '/api/v1/payin-payout/payout',
      '/api/v1/subscriptions/authorize-and-capture-payments',
    ]) {
      expect((await customer.post(path)).status).toBe(403);
      expect((await apiClient(t.url).post(path)).status).toBe(401);
    }
  });
});
