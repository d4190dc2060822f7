import { MONTHLY_CHARGE } from '@pria/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { AttemptStatus } from '../../platform/db-schema.ts';
import { insertMoneyEvents } from './runs.repo.ts';

// Any fixed number: with the run, the advisory lock that lets one process at a time chunk a run.
const CHUNK_LOCK = 7_311_002;

/**
 * The cards charged a pay-in as of `asOf`: active, enabled subscription that existed at the due
 * instant, and a card registered before it.
 */
const payinCards = (dueAt: Date, asOf: Date) => sql`
    from cards c
    join subscriptions s on s.customer_id = c.customer_id
    where c.removed_at is null
      and c.created_at <= ${dueAt}
      and s.created_at <= ${dueAt}
      and s.status = 'active' and s.is_enabled
      and s.expires_at > ${asOf}`;

/**
 * Splits the cards owed a pay-in into chunks of `size` consecutive card ids, in one statement on
 * the server (no card list in memory), and returns how many cards they hold. Drains then take a
 * chunk at a time (claimPayinChunk). Reopening a run replaces its untaken chunks: a chunk being
 * taken right now is waited for, and its cards then have attempts, so they are not chunked again.
 */
export async function chunkPayins(
  db: Db,
  r: { runId: string; period: string; dueAt: Date; asOf: Date; size: number },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${CHUNK_LOCK}, hashtext(${r.runId}))`.execute(tx);
    await sql`delete from billing_chunks where run_id = ${r.runId} and taken_at is null`.execute(tx);
    // NOTE: uuid has no min/max; its text in the C collation sorts exactly as the uuids do.
    await sql`
      insert into billing_chunks (run_id, seq, first_card, last_card, cards, due_at, as_of)
      select ${r.runId}, base.next + x.g, min(x.id::text collate "C")::uuid, max(x.id::text collate "C")::uuid, count(*), ${r.dueAt}, ${r.asOf}
      from (select c.id, (row_number() over (order by c.id) - 1) / ${r.size} as g
            ${payinCards(r.dueAt, r.asOf)}
              and not exists (select 1 from payment_attempts a
                              where a.card_id = c.id and a.kind = 'payin' and a.period = ${r.period})) x,
           (select coalesce(max(seq) + 1, 0) as next from billing_chunks where run_id = ${r.runId}) base
      group by base.next, x.g`.execute(tx);
  });
}

/**
 * Takes the next untaken chunk of a pay-in run and writes its attempts as `submitted`, in one
 * transaction: the attempt is written once, when it is sent (SKIP LOCKED lets any number of
 * workers take chunks at once). Eligibility is checked again as of the run's instants, so a card
 * removed or a subscription paused since the run opened is not charged; the run's total follows.
 * Returns null when the run has no untaken chunk left.
 * NOTE: submitted is committed BEFORE the processor is called: after a crash the attempt is found
 * submitted and settled by lookup, never charged again.
 */
export async function claimPayinChunk(
  db: Db,
  runId: string,
  period: string,
): Promise<ClaimedAttempt[] | null> {
  return db.transaction().execute(async (tx) => {
    const taken = await sql<{
      first_card: string;
      last_card: string;
      cards: number;
      due_at: Date;
      as_of: Date;
    }>`
      update billing_chunks set taken_at = now()
      where run_id = ${runId} and seq = (
        select seq from billing_chunks where run_id = ${runId} and taken_at is null
        order by seq limit 1 for update skip locked)
      returning first_card, last_card, cards, due_at, as_of`.execute(tx);
    const chunk = taken.rows[0];
    if (!chunk) return null;
    // NOTE: a chunk's thousand cards each find their subscription by its unique customer index;
    // the planner otherwise hashes every subscription for every chunk (a scan of 100,000 rows
    // per thousand charges).
    await sql`set local enable_hashjoin = off`.execute(tx);
    await sql`set local enable_mergejoin = off`.execute(tx);
    const res = await sql<ClaimedAttempt>`
      insert into payment_attempts
        (id, reference, kind, period, customer_id, card_id, instrument_id, subscription_id, billing_run_id,
         amount_cents, description, initiator, status, created_at)
      select gen_random_uuid(), 'payin:' || c.id || ':' || ${period}, 'payin', ${period}, c.customer_id, c.id,
             c.instrument_id, s.id, ${runId}, ${MONTHLY_CHARGE}, 'Monthly Charge & Pay', 'merchant', 'submitted',
             ${chunk.as_of}
      ${payinCards(chunk.due_at, chunk.as_of)}
        and c.id between ${chunk.first_card} and ${chunk.last_card}
      -- NOTE: no "not exists (an attempt)" here: the cut left out cards that had one, chunks do not
      -- overlap, and ON CONFLICT skips any other. (While a run is written the statistics say
      -- payment_attempts is empty, and that anti-join became a growing scan per card.)
      on conflict do nothing
      returning id, reference, kind, instrument_id, amount_cents, description`.execute(tx);
    if (res.rows.length !== chunk.cards) {
      await sql`update billing_runs set total = total + ${res.rows.length - chunk.cards}
        where id = ${runId}`.execute(tx);
    }
    return res.rows;
  });
}

/**
 * Writes one renewal attempt per enabled, active subscription whose period ended by `asOf`,
 * on its funding card, for plan price + tax. Paused subscriptions are never charged.
 */
export async function materializeRenewals(db: Db, runId: string, asOf: Date): Promise<number> {
  const res = await sql`
    insert into payment_attempts
      (id, reference, kind, period, customer_id, card_id, instrument_id, subscription_id, plan_id,
       billing_run_id, amount_cents, description, initiator, created_at)
    select x.id, 'sub:' || x.id, 'subscription', x.period, x.customer_id, x.card_id, x.instrument_id,
           x.subscription_id, x.plan_id, ${runId}, x.amount, x.description, 'merchant', ${asOf}
    -- NOTE: gen_random_uuid() in this inner select list runs once per row; in a lateral or
    -- uncorrelated subquery the planner may run it once for all rows.
    from (
      select gen_random_uuid() as id, to_char(s.expires_at at time zone 'America/New_York', 'YYYY-MM-DD') as period,
             s.customer_id, c.id as card_id, c.instrument_id, s.id as subscription_id, p.id as plan_id,
             round(p.price_cents * (10000 + p.tax_basis_points) / 10000.0)::bigint as amount,
             p.name || ' plan renewal' as description
      from subscriptions s
      join plans p on p.id = s.plan_id
      join cards c on c.id = s.card_id and c.removed_at is null
      where s.status = 'active' and s.is_enabled and s.expires_at <= ${asOf}
    ) x
    on conflict do nothing`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/**
 * Subscriptions that cannot renew become inactive: paused ones whose period ended (never
 * charged), and enabled ones whose funding card is gone.
 */
export async function expireUnrenewable(db: Db, asOf: Date): Promise<number> {
  const res = await sql`
    update subscriptions s set status = 'inactive', updated_at = now()
    where s.status = 'active' and s.expires_at <= ${asOf}
      and (not s.is_enabled
           or not exists (select 1 from cards c where c.id = s.card_id and c.removed_at is null))`.execute(
    db,
  );
  return Number(res.numAffectedRows ?? 0);
}

export interface ClaimedAttempt {
  id: string;
  reference: string;
  kind: 'payin' | 'subscription';
  instrument_id: string;
  amount_cents: number;
  description: string;
}

/**
 * Takes up to `limit` created attempts of a run and marks them submitted in one statement.
 * SKIP LOCKED lets any number of workers drain one run without waiting on each other.
 * NOTE: submitted is committed BEFORE the processor is called: after a crash the attempt is
 * found submitted and settled by lookup, never charged again.
 */
export async function claimAttempts(db: Db, runId: string, limit: number): Promise<ClaimedAttempt[]> {
  const res = await sql<ClaimedAttempt>`
    update payment_attempts set status = 'submitted', updated_at = now()
    where id in (
      select id from payment_attempts
      where billing_run_id = ${runId} and status = 'created'
      -- NOTE: no ORDER BY: sorting every open row on each claim made a run quadratic.
      limit ${limit}
      for update skip locked)
    returning id, reference, kind, instrument_id, amount_cents, description`.execute(db);
  return res.rows;
}

export interface AttemptOutcome {
  id: string;
  status: Extract<AttemptStatus, 'captured' | 'declined' | 'unknown' | 'requires_authentication'>;
  reason: string | null;
  gatewayTransactionId: string | null;
  sessionUrl: string | null;
}

/**
 * Records a batch of outcomes in one transaction: the attempts' new states (only from the state
 * they were in), the money events for notifications, and the subscription effects of renewals.
 */
export async function recordOutcomes(
  db: Db,
  from: readonly AttemptStatus[],
  outcomes: readonly AttemptOutcome[],
  occurredAt: Date,
): Promise<{ recorded: number; declined: number }> {
  if (outcomes.length === 0) return { recorded: 0, declined: 0 };
  const values = sql.join(
    outcomes.map(
      (o) =>
        sql`(${o.id}::uuid, ${o.status}::text, ${o.reason}::text, ${o.gatewayTransactionId}::text, ${o.sessionUrl}::text)`,
    ),
  );
  return db.transaction().execute(async (tx) => {
    // NOTE: an outcome lost to a database crash leaves the row submitted, and submitted rows are
    // settled by asking the processor (never by sending again), so this commit need not wait
    // for the disk. Claims (submitted, written before the call) keep the synchronous commit.
    await sql`set local synchronous_commit = off`.execute(tx);
    const updated = await sql<{
      id: string;
      kind: 'payin' | 'subscription';
      status: AttemptStatus;
      customer_id: string;
      card_id: string;
      amount_cents: number;
      decline_reason: string | null;
      subscription_id: string | null;
      initiator: string;
    }>`
      update payment_attempts a
      set status = v.status, decline_reason = v.reason, gateway_transaction_id = coalesce(v.gtx, a.gateway_transaction_id),
          session_url = v.session, updated_at = now()
      from (values ${values}) as v(id, status, reason, gtx, session)
      where a.id = v.id and a.status in (${sql.join(from.map((s) => sql`${s}`))})
      returning a.id, a.kind, a.status, a.customer_id, a.card_id, a.amount_cents, a.decline_reason,
                a.subscription_id, a.initiator`.execute(tx);
    const rows = updated.rows;

    const events = rows.flatMap((r) => {
      const type =
        r.kind === 'payin'
          ? r.status === 'captured'
            ? 'charge.succeeded'
            : r.status === 'declined'
              ? 'charge.declined'
              : null
          : r.initiator === 'merchant'
            ? r.status === 'captured'
              ? 'subscription.renewed'
              : r.status === 'declined'
                ? 'subscription.failed'
                : null
            : null;
      return type
        ? [
            {
              type,
              dedupe_key: `${type}:${r.id}`,
              customer_id: r.customer_id,
              card_id: r.card_id,
              amount_cents: r.amount_cents,
              reason: r.decline_reason,
              occurred_at: occurredAt,
            } as const,
          ]
        : [];
    });
    await insertMoneyEvents(tx, events);

    const renewals = rows.filter((r) => r.kind === 'subscription' && r.subscription_id);
    if (renewals.length) {
      const ids = renewals.map((r) => r.id);
      // Captured: the subscription runs to the end of the paid period (New York calendar days).
      await sql`
        update subscriptions s
        set expires_at = ((a.period::date + make_interval(months => p.interval_count))::timestamp
                          at time zone 'America/New_York'),
            status = 'active', updated_at = now()
        from payment_attempts a join plans p on p.id = a.plan_id
        where a.id in (${sql.join(ids)}) and a.status = 'captured' and s.id = a.subscription_id`.execute(tx);
      await sql`
        update subscriptions s set status = 'inactive', updated_at = now()
        from payment_attempts a
        where a.id in (${sql.join(ids)}) and a.status = 'declined' and s.id = a.subscription_id`.execute(tx);
      await sql`
        update subscriptions s set status = 'pending_verification', updated_at = now()
        from payment_attempts a
        where a.id in (${sql.join(ids)}) and a.status in ('unknown', 'requires_authentication')
          and s.id = a.subscription_id`.execute(tx);
    }
    return { recorded: rows.length, declined: rows.filter((r) => r.status === 'declined').length };
  });
}

/** Attempts of a run not settled yet, plus the chunks of cards not sent yet. */
export async function countOpenAttempts(db: Db, runId: string): Promise<number> {
  const res = await sql<{ n: number }>`
    select (select count(*) from payment_attempts
            where billing_run_id = ${runId} and status in ('created', 'submitted', 'unknown'))::int
         + (select count(*) from billing_chunks where run_id = ${runId} and taken_at is null)::int as n`.execute(
    db,
  );
  return res.rows[0]?.n ?? 0;
}

/** A run's work: its attempts, plus the cards in chunks not sent yet (one snapshot). */
export async function countRunWork(db: Db, runId: string): Promise<number> {
  const res = await sql<{ n: number }>`
    select (select count(*) from payment_attempts where billing_run_id = ${runId})::int
         + (select coalesce(sum(cards), 0) from billing_chunks where run_id = ${runId} and taken_at is null)::int
           as n`.execute(db);
  return res.rows[0]?.n ?? 0;
}
