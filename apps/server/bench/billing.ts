/**
 * npm run bench:billing -- --cards N --latency-ms L --concurrency C [--batch B] [--drains D]
 *                          [--recovery | --no-recovery] [--stale-seconds S]
 *
 * Seeds N subscribed cards (set-based SQL, including the simulator's instruments), then runs
 * the pay-in and the payout for one period through the real engine and the simulator adapter,
 * and prints charges/s, payouts/s, peak RSS and rows written. Runs on its own embedded
 * PostgreSQL in a temp directory and removes it afterwards.
 *
 * Recovery (on by default up to 100,000 cards): the next month's pay-in runs in a child process
 * (the CLI's billing:run) that is killed with SIGKILL once half the cards reached the processor;
 * the bench then drains the run as a restarted worker would and prints the seconds from restart
 * to completion beside their goal: the staleness window plus the remaining half's own time; and
 * beside the goal of ADR 36, which counts the cards the dead process had in flight as work left.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { loadConfig } from '../src/config.ts';
import { createSimulatorGateway } from '../src/gateways/payments/index.ts';
import { createBillingDeps, drainRun, startRun } from '../src/modules/billing/index.ts';
import { subscriptionEffects } from '../src/modules/subscriptions/index.ts';
import { createDb } from '../src/platform/db.ts';
import { roleOfUrl } from '../src/platform/db-roles.ts';
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts';
import { createLogger } from '../src/platform/logger.ts';
import { prepareDatabase } from '../src/prepare-database.ts';
import { freePort } from '../src/test/free-port.ts';

const { values } = parseArgs({
  options: {
    cards: { type: 'string', default: '10000' },
    'latency-ms': { type: 'string', default: '0' },
    concurrency: { type: 'string', default: '50' },
    batch: { type: 'string', default: '1000' },
    drains: { type: 'string', default: '4' },
    gateway: { type: 'string', default: 'simulator' },
    recovery: { type: 'boolean' },
    'no-recovery': { type: 'boolean' },
    'stale-seconds': { type: 'string', default: '5' },
  },
});
const N = Number(values.cards);
const latencyMs = Number(values['latency-ms']);
const concurrency = Number(values.concurrency);
const batchSize = Number(values.batch);
const drains = Number(values.drains);
const period = '2030-01';
const recovery = values['no-recovery'] ? false : (values.recovery ?? N <= 100_000);
const staleSeconds = Number(values['stale-seconds']);
/** The recovery run's killed child, awaited on the way out so no process outlives the bench. */
let childExit: Promise<unknown> = Promise.resolve();

let peakRss = 0;
let peakHeap = 0;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapTotal);
}, 50);

const logger = createLogger('warn');
const dataDir = mkdtempSync(path.join(tmpdir(), 'pria-bench-'));
const pg = await startEmbeddedPostgres({ dataDir, port: await freePort(), logger });
const config = loadConfig({ ...process.env, DATABASE_URL: pg.url, LOG_LEVEL: 'warn' });
// BENCH_TRACE=1 prints the total time spent per kind of query (where a run's time goes).
const queryTime = new Map<string, { n: number; ms: number }>();
const { db } = createDb(
  pg.url,
  Math.max(10, Math.min(60, concurrency + drains * 2)),
  process.env.BENCH_TRACE
    ? (event) => {
        const key = event.query.sql.replace(/\s+/g, ' ').slice(0, 70);
        const q = queryTime.get(key) ?? { n: 0, ms: 0 };
        q.n++;
        q.ms += event.queryDurationMillis;
        queryTime.set(key, q);
      }
    : undefined,
);
/** The bench's own hands (seeding, indexes, settings): the server's superuser. */
const admin = createDb(pg.adminUrl, 2).db;
const ticksPerSecond = 100; // USER_HZ on Linux

/**
 * CPU seconds used so far by this cluster's PostgreSQL processes: the postmaster with the
 * backends it has reaped, plus the live backends. With both cores shared, CPU per item is the
 * figure that does not move with whatever else runs on the machine.
 */
function postgresCpuSeconds(): number {
  const pid = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const fields = (p: number | string) => {
    const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  };
  const own = fields(pid);
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const f = fields(entry);
      if (Number(f[1]) === pid) ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // The process ended while we looked.
    }
  }
  return ticks / ticksPerSecond;
}

/**
 * Diagnosis only: BENCH_PROFILE=dir writes a V8 CPU profile of each phase (dir/payin.cpuprofile,
 * dir/payout.cpuprofile); with BENCH_PROFILE_PG=1 also a system-wide `perf record` of it with
 * call graphs (dir/payin.data, for `perf report --comm postgres`). Profiling slows the phase:
 * figures printed by such a run are not comparable.
 */
async function profilePhase(name: string): Promise<() => Promise<void>> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return async () => {};
  mkdirSync(dir, { recursive: true });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const perf = process.env.BENCH_PROFILE_PG
    ? spawn(
        'perf',
        ['record', '-a', '-F', '1000', '--call-graph', 'dwarf,16384', '-o', `${dir}/${name}.data`],
        {
          stdio: 'ignore',
        },
      )
    : null;
  if (perf) await sleep(500); // perf attaches before the phase starts
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
    if (!perf) return;
    const exited = new Promise((resolve) => perf.once('exit', resolve));
    perf.kill('SIGINT');
    await exited;
  };
}

function cpuNow() {
  const u = process.cpuUsage();
  return { node: (u.user + u.system) / 1e6, postgres: postgresCpuSeconds() };
}

type Cpu = ReturnType<typeof cpuNow>;
const cpuMs = (from: Cpu, to: Cpu, items: number) =>
  (1000 * (to.node - from.node + to.postgres - from.postgres)) / items;

function cpuPerItem(from: Cpu, to: Cpu) {
  const ms = (s: number) => ((1000 * s) / N).toFixed(3);
  return `node ${ms(to.node - from.node)}, postgres ${ms(to.postgres - from.postgres)} = ${cpuMs(from, to, N).toFixed(3)}`;
}

/** WAL written so far (bytes, full-page images) and checkpoints started, cluster-wide. */
async function walNow() {
  const res = await sql<{ bytes: string; fpi: string; checkpoints: string }>`
    select w.wal_bytes::text as bytes, w.wal_fpi::text as fpi,
           (c.num_timed + c.num_requested)::text as checkpoints
    from pg_stat_wal w, pg_stat_checkpointer c`.execute(admin);
  const r = res.rows[0];
  return { bytes: Number(r?.bytes), fpi: Number(r?.fpi), checkpoints: Number(r?.checkpoints) };
}

function walPerItem(from: Awaited<ReturnType<typeof walNow>>, to: Awaited<ReturnType<typeof walNow>>) {
  const kb = (to.bytes - from.bytes) / 1024 / N;
  const fpi = (to.fpi - from.fpi) / N;
  return `${kb.toFixed(2)} KB, ${fpi.toFixed(2)} full-page images; ${to.checkpoints - from.checkpoints} checkpoints`;
}

let paymentsToClose: { close(): Promise<void> } | undefined;

try {
  // The migration step as the owner; the engine then runs as the runtime role, as in production.
  await prepareDatabase({
    ownerUrl: pg.ownerUrl,
    runtimeRole: roleOfUrl(pg.url),
    jobs: false,
    simulator: true,
    logger,
  });
  const payments = await createSimulatorGateway({
    db,
    publicUrl: 'http://localhost',
    latencyMs,
    connectionString: pg.url,
  });
  paymentsToClose = payments;
  if (values.gateway === 'memory') {
    // The engine alone: an in-process processor that answers at once, to separate our cost
    // from the simulator's (which shares this machine's two cores and PostgreSQL).
    const seen = new Map<string, { kind: 'charge' | 'payout'; amountCents: number; instrumentId: string }>();
    Object.assign(payments, {
      charge: async (i: { reference: string; amountCents: number; instrumentId: string }) => {
        seen.set(i.reference, { kind: 'charge', amountCents: i.amountCents, instrumentId: i.instrumentId });
        return { status: 'captured', gatewayTransactionId: i.reference };
      },
      payout: async (i: { reference: string; amountCents: number; instrumentId: string }) => {
        seen.set(i.reference, { kind: 'payout', amountCents: i.amountCents, instrumentId: i.instrumentId });
        return { status: 'paid', gatewayTransactionId: i.reference };
      },
      deleteInstrument: async () => {},
    });
  }

  const seedStart = performance.now();
  // One customer per card, each with an active subscription; the simulator's instruments are
  // written straight into its schema (a registration per card would only benchmark RSA).
  await sql`
    insert into customers (id, issuer, subject, email, created_at)
    select md5('c' || i)::uuid, 'bench', 'bench-' || i, 'bench' || i || '@example.com', '2029-01-01'
    from generate_series(1, ${N}) i`.execute(admin);
  await sql`
    insert into gateway_sim.instruments (id, reference, card_hash, brand, last_four, expiration_month,
      expiration_year, name, billing_address, behaviour)
    select 'sim_ins_' || i, 'card:' || md5('k' || i)::uuid, md5('h' || i), 'visa', '1111', 12, 2040, 'Bench',
      '{"address1":"1 Main St","locality":"New York","administrativeArea":"NY","country":"US","postalCode":"10001"}',
      'success'
    from generate_series(1, ${N}) i`.execute(admin);
  await sql`
    insert into cards (id, customer_id, gateway, instrument_id, brand, last_four, expiration_month, expiration_year,
      name, address1, locality, administrative_area, postal_code, is_default, slot, created_at)
    select md5('k' || i)::uuid, md5('c' || i)::uuid, 'simulator', 'sim_ins_' || i, 'visa', '1111', 12, 2040,
      'Bench', '1 Main St', 'New York', 'NY', '10001', true, 1, '2029-01-01'
    from generate_series(1, ${N}) i`.execute(admin);
  await sql`
    insert into subscriptions (customer_id, plan_id, card_id, status, expires_at, created_at)
    select md5('c' || i)::uuid, 'semi-annual', md5('k' || i)::uuid, 'active', '2099-01-01', '2029-01-01'
    from generate_series(1, ${N}) i`.execute(admin);
  if (process.env.BENCH_DROP_INDEXES) {
    // Diagnosis only: how much do the admin list indexes cost the money engine?
    for (const name of process.env.BENCH_DROP_INDEXES.split(','))
      await sql.raw(`drop index if exists ${name}`).execute(admin);
  }
  if (process.env.BENCH_SQL) {
    // Diagnosis only: any statements to run after seeding, e.g. to disable a trigger for one run.
    await sql.raw(process.env.BENCH_SQL).execute(admin);
  }
  if (process.env.BENCH_PG_SET) {
    // Diagnosis only: server settings for this run, e.g. BENCH_PG_SET=autovacuum=off,wal_compression=on
    for (const setting of process.env.BENCH_PG_SET.split(',')) {
      const [name = '', value = ''] = setting.split('=');
      await sql.raw(`alter system set ${name} = '${value}'`).execute(admin);
    }
    await sql`select pg_reload_conf()`.execute(admin);
  }
  await sql`analyze`.execute(admin);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const deps = {
    ...createBillingDeps({
      config,
      db,
      logger,
      payments,
      subscriptions: subscriptionEffects,
      clock: { now: () => new Date('2030-01-28T21:01:00Z') },
    }),
    concurrency,
    batchSize,
  };
  // Several drains in one process stand in for several workers; each keeps `concurrency / drains`
  // processor calls in flight, so the total stays at the processor's limit.
  const perDrain = { ...deps, concurrency: Math.max(1, Math.floor(concurrency / drains)) };

  const stopPayinProfile = await profilePhase('payin');
  const payinWal = await walNow();
  const payinCpu = cpuNow();
  const payinStart = performance.now();
  const payinRun = await startRun(deps, {
    kind: 'payin',
    period,
    asOf: deps.clock.now(),
    by: 'schedule',
    forced: false,
  });
  await Promise.all(Array.from({ length: drains }, () => drainRun(perDrain, payinRun.id)));
  const payinSeconds = (performance.now() - payinStart) / 1000;
  await stopPayinProfile();
  const stopPayoutProfile = await profilePhase('payout');

  const payoutCpu = cpuNow();
  const payoutWal = await walNow();
  const payoutStart = performance.now();
  const payoutRun = await startRun(
    { ...deps, clock: { now: () => new Date('2030-02-02T21:01:00Z') } },
    { kind: 'payout', period, asOf: new Date('2030-02-02T21:01:00Z'), by: 'schedule', forced: false },
  );
  await Promise.all(Array.from({ length: drains }, () => drainRun(perDrain, payoutRun.id)));
  const payoutSeconds = (performance.now() - payoutStart) / 1000;
  await stopPayoutProfile();
  const endCpu = cpuNow();
  const endWal = await walNow();

  const counts = await sql<{ t: string; n: number }>`
    select 'payment_attempts' as t, count(*)::int as n from payment_attempts
    union all select 'payouts', count(*)::int from payouts
    union all select 'payout_tries', count(*)::int from payout_tries
    union all select 'money_events', count(*)::int from money_events
    union all select 'gateway_sim.transactions', count(*)::int from gateway_sim.transactions`.execute(db);
  const captured = await sql<{
    n: number;
  }>`select count(*)::int as n from payment_attempts where status = 'captured'`.execute(db);
  const paid = await sql<{ n: number }>`select count(*)::int as n from payouts where status = 'paid'`.execute(
    db,
  );
  const rowsWritten = counts.rows.reduce((s, r) => s + r.n, 0);
  const recovered = recovery && values.gateway !== 'memory' ? await measureRecovery(deps, payinSeconds) : [];

  const floorCpu = cpuNow();
  const floor = await measureWriteFloor(N, drains, batchSize);
  // The CPU baseline of this run: what one row of the floor cost this Node process and this
  // PostgreSQL (the machine's speed moves CPU per item from day to day; a ratio to this does not).
  const floorRowMs = cpuMs(floorCpu, cpuNow(), N);

  const bound = latencyMs > 0 ? (concurrency * 1000) / latencyMs : Number.POSITIVE_INFINITY;
  const table = [
    ['cards', N],
    ['simulator latency (ms)', latencyMs],
    ['concurrency (processor calls in flight)', concurrency],
    ['drains x batch', `${drains} x ${batchSize}`],
    ['seed time (s)', seedSeconds.toFixed(1)],
    ['pay-in time (s)', payinSeconds.toFixed(2)],
    ['charges/s', Math.round(N / payinSeconds)],
    ['CPU ms per charge', cpuPerItem(payinCpu, payoutCpu)],
    ['CPU per charge / CPU per floor row', `${(cpuMs(payinCpu, payoutCpu, N) / floorRowMs).toFixed(2)}x`],
    ['WAL per charge', walPerItem(payinWal, payoutWal)],
    ['payout time (s)', payoutSeconds.toFixed(2)],
    ['payouts/s', Math.round(N / payoutSeconds)],
    ['CPU ms per payout', cpuPerItem(payoutCpu, endCpu)],
    ['CPU per payout / CPU per floor row', `${(cpuMs(payoutCpu, endCpu, N) / floorRowMs).toFixed(2)}x`],
    ['WAL per payout', walPerItem(payoutWal, endWal)],
    ['latency bound (concurrency / latency, /s)', Number.isFinite(bound) ? Math.round(bound) : '-'],
    [
      'charges/s as % of bound',
      Number.isFinite(bound) ? `${((100 * N) / payinSeconds / bound).toFixed(1)}%` : '-',
    ],
    [`write floor (rows/s, ${batchSize}-row inserts x ${drains})`, Math.round(floor)],
    ['CPU ms per floor row (node + postgres)', floorRowMs.toFixed(4)],
    ['charges/s as % of the write floor', `${((100 * N) / payinSeconds / floor).toFixed(1)}%`],
    ['payouts/s as % of the write floor', `${((100 * N) / payoutSeconds / floor).toFixed(1)}%`],
    ['captured / paid back', `${captured.rows[0]?.n} / ${paid.rows[0]?.n}`],
    ['rows written', rowsWritten],
    ...counts.rows.map((r) => [`  ${r.t}`, r.n]),
    ...recovered,
    ['peak RSS (MB)', (peakRss / 1024 / 1024).toFixed(0)],
    ['peak V8 heap, total (MB)', (peakHeap / 1024 / 1024).toFixed(0)],
  ];
  const width = Math.max(...table.map(([k]) => String(k).length));
  console.log(`\nPria billing benchmark (${new Date().toISOString()}, Node ${process.version})`);
  for (const [k, v] of table) console.log(`${String(k).padEnd(width)}  ${v}`);
  if (process.env.BENCH_TRACE) {
    console.log('\nquery time (ms, summed over concurrent queries):');
    for (const [k, v] of [...queryTime].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) {
      console.log(`${String(Math.round(v.ms)).padStart(8)} ${String(v.n).padStart(6)}x  ${k}`);
    }
  }
  if (captured.rows[0]?.n !== N || paid.rows[0]?.n !== N) {
    console.error('\nNOT every card was charged and paid back once: see the counts above.');
    process.exitCode = 1;
  }
} finally {
  clearInterval(sampler);
  await childExit;
  await paymentsToClose?.close();
  await db.destroy();
  await admin.destroy();
  await pg.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * SIGKILL half way through a pay-in run, then the time a restarted worker takes to finish it:
 * the other half's chunks are sent at once; what the dead process had claimed (sent or not) is
 * settled once it is older than the staleness window: looked up, and sent if never received.
 */
/**
 * The write floor, measured in this run on this PostgreSQL (issue 17): rows/s of multi-row
 * inserts of rows as wide as a pay-in attempt (same columns, a primary key and a unique
 * reference), `batch` rows per statement, each statement its own commit like the engine's
 * batches, from as many connections as the run has drains. The engine's charges/s are printed as
 * a share of it, so a run on a busy day and one on a quiet day stay comparable.
 */
async function measureWriteFloor(rows: number, writers: number, batch: number): Promise<number> {
  // The floor's rows carry the times a pay-in row carries (migration 0036), as the engine writes them.
  const FLOOR_DUE_AT = new Date('2030-01-28T21:00:00Z');
  await sql`drop table if exists bench_write_floor`.execute(admin);
  await sql`create table bench_write_floor (like payment_attempts including defaults)`.execute(admin);
  await sql`alter table bench_write_floor add primary key (id)`.execute(admin);
  await sql`create unique index bench_write_floor_reference on bench_write_floor (reference)`.execute(admin);
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      for (;;) {
        const from = next;
        if (from >= rows) return;
        next += batch;
        const values = Array.from({ length: Math.min(batch, rows - from) }, (_, k) => {
          const i = from + k + 1;
          return {
            reference: `floor:${i}`,
            kind: 'payin' as const,
            period: '2030-01',
            customer_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
            card_id: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
            amount_cents: 300,
            description: 'Charge & Pay 2030-01',
            status: 'captured' as const,
            gateway_transaction_id: `floor:${i}`,
            due_at: FLOOR_DUE_AT,
            sent_at: FLOOR_DUE_AT,
            settled_at: FLOOR_DUE_AT,
          };
        });
        await (admin as unknown as Kysely<{ bench_write_floor: Record<string, unknown> }>)
          .insertInto('bench_write_floor')
          .values(values)
          .execute();
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  await sql`drop table bench_write_floor`.execute(admin);
  return rows / seconds;
}

async function measureRecovery(
  deps: ReturnType<typeof createBillingDeps>,
  fullRunSeconds: number,
): Promise<(string | number)[][]> {
  const next = '2030-02';
  const at = '2030-02-28T21:01:00Z';
  const sent = async () =>
    Number(
      (
        await sql<{ n: number }>`select count(*)::int as n from gateway_sim.transactions
          where kind = 'charge' and reference like ${`payin:%:${next}`}`.execute(db)
      ).rows[0]?.n,
    );
  const child = spawn(
    process.execPath,
    [
      '--max-semi-space-size=16',
      'apps/server/src/cli.ts',
      'billing:run',
      'payin',
      '--period',
      next,
      '--at',
      at,
    ],
    {
      env: {
        ...process.env,
        DATABASE_URL: pg.url,
        LOG_LEVEL: 'error',
        SIMULATOR_LATENCY_MS: String(latencyMs),
        BILLING_CONCURRENCY: String(concurrency),
        BILLING_BATCH_SIZE: String(batchSize),
        BILLING_STALE_AFTER_SECONDS: String(staleSeconds),
      },
      stdio: 'ignore',
    },
  );
  childExit = new Promise((resolve) => child.on('exit', resolve));
  while ((await sent()) < N / 2) {
    if (child.exitCode !== null) throw new Error('the child finished before it could be killed');
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGKILL');
  await childExit;
  const atKill = await sent();
  const run = await sql<{
    id: string;
  }>`select id from billing_runs where kind = 'payin' and period = ${next}`.execute(db);
  const runId = run.rows[0]?.id as string;
  // What the dead process left: attempts written, and the cards of its chunks taken and not
  // written (in flight: sent or about to be), which the restarted worker must look up.
  const left = await sql<{ written: number; in_flight: number; chunks: number }>`
    select (select count(*) from payment_attempts where kind = 'payin' and period = ${next})::int as written,
           coalesce(sum(cardinality(sent_cards)), 0)::int as in_flight, count(*)::int as chunks
    from billing_chunks where run_id = ${runId} and taken_at is not null and written_at is null`.execute(db);
  const { written = 0, in_flight: inFlight = 0, chunks: inFlightChunks = 0 } = left.rows[0] ?? {};

  // The restarted worker: drains (as the one-minute tick would, here back to back) until done.
  let lookups = 0;
  const restarted = {
    ...deps,
    clock: { now: () => new Date(at) },
    staleAfterMs: staleSeconds * 1000,
    concurrency: Math.max(1, Math.floor(concurrency / drains)),
    payments: Object.assign(Object.create(deps.payments) as typeof deps.payments, {
      lookup: (reference: string) => {
        lookups++;
        return deps.payments.lookup(reference);
      },
    }),
  };
  const start = performance.now();
  for (;;) {
    await Promise.all(Array.from({ length: drains }, () => drainRun(restarted, runId)));
    const status = await sql<{ status: string }>`select status from billing_runs where id = ${runId}`.execute(
      db,
    );
    if (status.rows[0]?.status === 'completed') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - start) / 1000;
  const once = await sql<{ attempts: number; captured: number; charges: number }>`
    select (select count(*) from payment_attempts where kind = 'payin' and period = ${next})::int as attempts,
           (select count(*) from payment_attempts where kind = 'payin' and period = ${next} and status = 'captured')::int as captured,
           (select count(*) from gateway_sim.transactions where kind = 'charge' and reference like ${`payin:%:${next}`})::int as charges`.execute(
    db,
  );
  const o = once.rows[0];
  const goal = staleSeconds + fullRunSeconds / 2;
  // ADR 36: the work left at the kill is every card without its attempt written (the half not
  // sent and the cards in flight, each looked up again), not half a run.
  const fairGoal = staleSeconds + (fullRunSeconds * (N - written)) / N;
  if (o?.attempts !== N || o.captured !== N || o.charges !== N) {
    console.error(`\nRecovery did NOT charge every card exactly once: ${JSON.stringify(o)}`);
    process.exitCode = 1;
  }
  return [
    ['recovery: killed after (charges at the processor)', `${atKill} of ${N}`],
    [
      'recovery: at the kill, attempts written / cards in flight',
      `${written} / ${inFlight} (${inFlightChunks} chunks)`,
    ],
    ['recovery: staleness window (s)', staleSeconds],
    ['recovery: restart to run completion (s)', seconds.toFixed(2)],
    ['recovery: goal, window + half a run (s)', goal.toFixed(2)],
    ['recovery: as % of goal', `${((100 * seconds) / goal).toFixed(0)}%`],
    ['recovery: lookups at the processor', lookups],
    ['recovery: goal counting the work left, window + its share of a run (s)', fairGoal.toFixed(2)],
    ['recovery: as % of that goal', `${((100 * seconds) / fairGoal).toFixed(0)}%`],
    ['recovery: captured once / charges at processor', `${o?.captured} / ${o?.charges}`],
  ];
}
