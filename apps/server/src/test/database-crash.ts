import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { PgBoss } from 'pg-boss';
import { payinDueAt, payoutDueAt } from '../modules/billing/index.ts';
import { createDb, type Db } from '../platform/db.ts';
import { roleOfUrl } from '../platform/db-roles.ts';
import { JOBS_SCHEMA } from '../platform/jobs.ts';
import { createLogger } from '../platform/logger.ts';
import { prepareDatabase } from '../prepare-database.ts';
import { type Crash, type CrashablePostgres, startCrashablePostgres } from './crashable-postgres.ts';
import { startSupervisedWorkers, type WorkerExit } from './supervised-workers.ts';

/**
 * The two-worker database crash (issue 38): a PostgreSQL of its own, N subscribers (some of whose
 * cards the issuer declines), two worker processes on an engine clock set to a month's pay-in
 * instant and then to its pay-back instant, and PostgreSQL stopped abruptly mid-run and started
 * again on the same data directory. Used by `scenarios/database-crash.test.ts` (which asserts
 * the books) and `bench/database-crash.ts` (which prints the figures).
 */
export interface CrashLabOptions {
  customers: number;
  /** Subscribers who joined after the months the lab runs: owed none of them. */
  lateJoiners: number;
  /** Every `declineEvery`-th card is refused by its issuer ("Insufficient funds"). */
  declineEvery: number;
  /** The processor's answer time and the calls in flight per drain: how long a run takes. */
  latencyMs: number;
  concurrency: number;
  batchSize: number;
  drainJobs: number;
  staleAfterSeconds: number;
  /** The share of the run's rows written when PostgreSQL is killed. */
  killAtShare: number;
  /** How long PostgreSQL stays down. */
  outageMs: number;
}

export const crashLabDefaults: CrashLabOptions = {
  customers: 300,
  lateJoiners: 10,
  declineEvery: 7,
  latencyMs: 100,
  concurrency: 2,
  batchSize: 10,
  drainJobs: 4,
  staleAfterSeconds: 2,
  killAtShare: 0.35,
  outageMs: 2000,
};

export interface SeededCard {
  id: string;
  instrumentId: string;
  /** The issuer refuses its charges. */
  declines: boolean;
}

/** One run (a month's pay-in or its pay-back) as the lab saw it. */
export interface PhaseReport {
  kind: 'payin' | 'payout';
  period: string;
  crash: Crash | null;
  /** The engine's clock while the workers ran: every money row of the phase is dated inside it. */
  engine: { from: Date; to: Date };
  /** Rows the run writes (cards owed a pay-in; captures owed a pay-back). */
  expected: number;
  /** Both worker processes started and running. */
  workersStartSeconds: number;
  /** From the tick that opened the run to the run completed. */
  seconds: number;
  /** With a crash: the rows written when the poll saw the kill's threshold crossed. */
  writtenAtKill?: number;
  /** With a crash: what PostgreSQL held once started again (before the workers went on). */
  atRestart?: { written: number; inFlight: number; unsent: number; atProcessor: number };
  /** With a crash: from the kill to PostgreSQL accepting connections again (the outage and crash recovery). */
  downSeconds?: number;
  /** With a crash: from PostgreSQL started again to the run completed. */
  secondsFromRestart?: number;
  /** Worker processes that ended without being asked to (each was started again). */
  workerExits: WorkerExit[];
}

export interface CrashLab {
  /** The test's own hands on the database: the owner role. */
  db: Db;
  /** The cards owed the months the lab runs. */
  cards: SeededCard[];
  /** Cards registered after those months' pay-ins were due: owed none. */
  lateCards: SeededCard[];
  phase(kind: 'payin' | 'payout', period: string, crash: Crash | null): Promise<PhaseReport>;
  close(): Promise<void>;
}

/** The tick's queue, as `schedule/billing.worker.ts` names and schedules it. */
const TICK = 'billing-tick';
const silent = createLogger('silent');

/** Rows the phase's run has written for the period, and its run's status. */
async function progress(db: Db, kind: 'payin' | 'payout', period: string) {
  const rows =
    kind === 'payin'
      ? sql`select count(*)::int from payment_attempts where kind = 'payin' and period = ${period}`
      : sql`select count(*)::int from payouts where period = ${period}`;
  const r = await sql<{ written: number; status: string | null }>`
    select (${rows}) as written,
           (select status from billing_runs where kind = ${kind} and period = ${period}) as status`.execute(
    db,
  );
  return r.rows[0] ?? { written: 0, status: null };
}

/** What a crash left: rows written, items a drain claimed but never wrote, items never claimed. */
async function leftByCrash(db: Db, kind: 'payin' | 'payout', period: string) {
  const r =
    kind === 'payin'
      ? await sql<{ inFlight: number; unsent: number; atProcessor: number }>`
          select
            (select coalesce(sum(cardinality(k.sent_cards)), 0)::int from billing_chunks k join billing_runs r on r.id = k.run_id
             where r.kind = 'payin' and r.period = ${period} and k.taken_at is not null and k.written_at is null) as "inFlight",
            (select coalesce(sum(k.cards), 0)::int from billing_chunks k join billing_runs r on r.id = k.run_id
             where r.kind = 'payin' and r.period = ${period} and k.taken_at is null) as unsent,
            (select count(*)::int from gateway_sim.transactions t
             where t.kind = 'charge' and t.reference like ${`payin:%:${period}`}) as "atProcessor"`.execute(
          db,
        )
      : await sql<{ inFlight: number; unsent: number; atProcessor: number }>`
          with chunks as (select k.* from payout_chunks k join billing_runs r on r.id = k.run_id
                          where r.kind = 'payout' and r.period = ${period})
          select
            (select coalesce(sum(cardinality(sent_payouts)), 0)::int from chunks
             where taken_at is not null and written_at is null) as "inFlight",
            (select coalesce(sum(cardinality(attempts)), 0)::int from chunks where taken_at is null) as unsent,
            (select count(*)::int from gateway_sim.transactions t
             where t.kind = 'payout' and split_part(t.reference, ':', 2) in (
               select id::text from payouts where period = ${period}
               union select unnest(sent_payouts)::text from chunks)) as "atProcessor"`.execute(db);
  const row = r.rows[0] ?? { inFlight: 0, unsent: 0, atProcessor: 0 };
  return { written: (await progress(db, kind, period)).written, ...row };
}

/** A condition that can never come true any more: stops the wait at once. */
class LabError extends Error {}

/** Polls `check` until it returns a value; database errors (PostgreSQL down) count as "not yet". */
async function waitFor<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ; await sleep(25)) {
    const found = await check().catch((err: unknown) => {
      if (err instanceof LabError) throw err;
      return undefined;
    });
    if (found !== undefined) return found;
    if (Date.now() > deadline)
      throw new LabError(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
  }
}

/**
 * One subscriber per card, subscribed a year before the months the lab runs (March and April
 * 2031), or, `late`, after them; every `declineEvery`-th card is refused by its issuer. Written
 * set-based, the simulator's instruments straight into its schema (registering each card would
 * only measure RSA).
 */
async function seedCards(db: Db, o: CrashLabOptions, late: boolean): Promise<SeededCard[]> {
  const since = late ? '2031-04-29T12:00:00Z' : '2030-06-01T12:00:00Z';
  const [first, count] = late ? [o.customers, o.lateJoiners] : [0, o.customers];
  const r = await sql<{ id: string; instrument_id: string; declines: boolean }>`
    with n as (select i, i % ${o.declineEvery} = ${o.declineEvery - 1} as declines
               from generate_series(${first}::int, ${first + count - 1}::int) i),
    customers as (
      insert into customers (id, issuer, subject, email, created_at)
      select md5('lab-c' || i)::uuid, 'lab', 'lab-' || i, 'lab' || i || '@example.com', ${since} from n),
    instruments as (
      insert into gateway_sim.instruments (id, reference, card_hash, brand, last_four, expiration_month,
        expiration_year, name, billing_address, behaviour)
      select 'sim_lab_' || i, 'card:' || md5('lab-k' || i)::uuid, md5('lab-h' || i), 'visa',
             case when declines then '9995' else '1111' end, 12, 2040, 'Lab ' || i,
             '{"address1":"1 Main St","locality":"New York","administrativeArea":"NY","country":"US","postalCode":"10001"}',
             case when declines then 'insufficient_funds' else 'success' end
      from n)
    insert into cards (id, customer_id, gateway, instrument_id, brand, last_four, expiration_month, expiration_year,
      name, address1, locality, administrative_area, postal_code, is_default, slot, created_at)
    select md5('lab-k' || i)::uuid, md5('lab-c' || i)::uuid, 'simulator', 'sim_lab_' || i, 'visa',
           case when declines then '9995' else '1111' end, 12, 2040, 'Lab ' || i, '1 Main St', 'New York', 'NY',
           '10001', true, 1, ${since}
    from n
    returning id, instrument_id, last_four = '9995' as declines`.execute(db);
  await sql`
    insert into subscriptions (customer_id, plan_id, card_id, status, expires_at, created_at)
    select customer_id, 'semi-annual', id, 'active', '2099-01-01', ${since} from cards
    where id = any(${r.rows.map((c) => c.id)}::uuid[])`.execute(db);
  await sql`analyze`.execute(db);
  return r.rows.map((c) => ({ id: c.id, instrumentId: c.instrument_id, declines: c.declines }));
}

export async function openCrashLab(o: CrashLabOptions): Promise<CrashLab> {
  const pg: CrashablePostgres = await startCrashablePostgres(silent);
  try {
    return await openOn(pg, o);
  } catch (err) {
    await pg.stop();
    throw err;
  }
}

async function openOn(pg: CrashablePostgres, o: CrashLabOptions): Promise<CrashLab> {
  const server = pg.server;
  await prepareDatabase({
    ownerUrl: server.ownerUrl,
    runtimeRole: roleOfUrl(server.url),
    jobs: true,
    simulator: true,
    logger: silent,
  });
  const { db } = createDb(server.ownerUrl, 3);
  const cards = await seedCards(db, o, false);
  const lateCards = await seedCards(db, o, true);

  // Stands in for pg-boss's once-a-minute cron: the same tick job, sent when the lab needs one.
  const boss = new PgBoss({
    connectionString: server.url,
    schema: JOBS_SCHEMA,
    max: 2,
    migrate: false,
    supervise: false,
    schedule: false,
  });
  boss.on('error', () => {});
  await boss.start();
  // Every process shares these (ADR 52); one key-encryption key for the lab's workers.
  const workerEnv = {
    NODE_ENV: 'test',
    DATABASE_URL: server.url,
    DATABASE_POOL_SIZE: '5',
    PUBLIC_URL: 'http://127.0.0.1:9',
    PRIA_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    OIDC_COOKIE_KEYS: randomBytes(32).toString('base64url'),
    BILLING_CONCURRENCY: String(o.concurrency),
    BILLING_BATCH_SIZE: String(o.batchSize),
    BILLING_DRAIN_JOBS: String(o.drainJobs),
    BILLING_STALE_AFTER_SECONDS: String(o.staleAfterSeconds),
    SIMULATOR_LATENCY_MS: String(o.latencyMs),
  };

  // One tick at a time, as the cron sends them: the queue runs one at once (policy singleton).
  let lastTick: string | null = null;
  const tickState = async (id: string) => (await boss.getJobById(TICK, id))?.state;
  const tick = async () => {
    if (lastTick && !['completed', 'failed'].includes((await tickState(lastTick)) ?? 'completed'))
      return lastTick;
    lastTick = await boss.send(TICK, {});
    if (!lastTick) throw new Error('the tick job was not queued');
    return lastTick;
  };
  const tickDone = (id: string) =>
    waitFor('a tick to finish', 60_000, async () => {
      const state = await tickState(id);
      return state === 'completed' || state === 'failed' ? state : undefined;
    });

  return {
    db,
    cards,
    lateCards,
    async phase(kind, period, crash) {
      const dueAt = kind === 'payin' ? payinDueAt(period) : payoutDueAt(period);
      // The engine's clock starts a second after the due instant (PRIA_CLOCK_OFFSET_SECONDS).
      const offsetSeconds = Math.ceil((dueAt.getTime() + 1000 - Date.now()) / 1000);
      const engineNow = () => new Date(Date.now() + offsetSeconds * 1000);
      const from = engineNow();
      const starting = performance.now();
      const workers = await startSupervisedWorkers(2, {
        ...workerEnv,
        PRIA_CLOCK_OFFSET_SECONDS: String(offsetSeconds),
      });
      const workersStartSeconds = (performance.now() - starting) / 1000;
      try {
        const expected =
          kind === 'payin'
            ? cards.length
            : Number(
                (
                  await sql<{ n: number }>`select count(*)::int as n from payment_attempts
                    where kind = 'payin' and period = ${period} and status = 'captured'`.execute(db)
                ).rows[0]?.n,
              );
        const started = performance.now();
        const opening = await tick();
        const report: PhaseReport = {
          kind,
          period,
          crash,
          engine: { from, to: from },
          expected,
          workersStartSeconds,
          seconds: 0,
          workerExits: [],
        };
        if (crash) {
          const threshold = Math.ceil(expected * o.killAtShare);
          report.writtenAtKill = await waitFor(
            `${threshold} rows of the ${kind} written`,
            90_000,
            async () => {
              const p = await progress(db, kind, period);
              if (p.status === 'completed') throw new LabError(`the ${kind} run completed before the kill`);
              // NOTE: between ticks: a tick caught mid-way would hold pg-boss's tick queue (one
              // active at a time) until its job expires, 15 minutes later.
              if (p.written < threshold || (await tickState(opening)) !== 'completed') return undefined;
              return p.written;
            },
          );
          const killed = performance.now();
          await pg.crash(crash);
          await sleep(o.outageMs);
          await pg.restart();
          const restarted = performance.now();
          report.downSeconds = (restarted - killed) / 1000;
          report.atRestart = await waitFor('PostgreSQL to answer', 30_000, () =>
            leftByCrash(db, kind, period),
          );
          if (report.atRestart.written >= expected)
            throw new Error(`the ${kind} was complete when PostgreSQL died`);
          // The next ticks find the open run and start drains for it (the cron's every minute).
          await waitFor(`the ${kind} run to complete after the restart`, 120_000, async () => {
            if ((await progress(db, kind, period)).status === 'completed') return true;
            await tick();
            await sleep(250);
            return undefined;
          });
          report.secondsFromRestart = (performance.now() - restarted) / 1000;
        } else {
          await waitFor(`the ${kind} run to complete`, 120_000, async () =>
            (await progress(db, kind, period)).status === 'completed' ? true : undefined,
          );
        }
        report.seconds = (performance.now() - started) / 1000;
        // One more tick: the settle step after the run, as the next minute would run it.
        await tickDone(await tick());
        const settled = await tickDone(await tick());
        if (settled !== 'completed') throw new Error(`the tick after the ${kind} run ${settled}`);
        report.engine.to = engineNow();
        report.workerExits = [...workers.exits];
        return report;
      } finally {
        await workers.stop();
      }
    },
    async close() {
      await boss.stop({ graceful: false, timeout: 2000 }).catch(() => {});
      await db.destroy();
      await pg.stop();
    },
  };
}
