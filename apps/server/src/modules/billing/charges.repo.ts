import { MONTHLY_CHARGE } from '@pria/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { AttemptStatus } from '../../platform/db-schema.ts';

/**
 * Writes one `created` attempt per card owed a pay-in for `period`, in one statement on the
 * server (no card list in memory). Eligible: active, enabled subscription that existed at the
 * due instant, and a card registered before it. The unique index on (card, kind, period) makes a
 * second pass (a forced run, another worker, a restart) add nothing for cards already there.
 */
export async function materializePayins(
  db: Db,
  runId: string,
  period: string,
  dueAt: Date,
  asOf: Date,
): Promise<number> {
  const res = await sql`
    insert into payment_attempts
      (id, reference, kind, period, customer_id, card_id, instrument_id, subscription_id, billing_run_id,
       amount_cents, description, initiator, created_at)
    select gen_random_uuid(), 'payin:' || c.id || ':' || ${period}, 'payin', ${period}, c.customer_id, c.id,
           c.instrument_id, s.id, ${runId}, ${MONTHLY_CHARGE}, 'Monthly Charge & Pay', 'merchant', ${asOf}
    from cards c
    join subscriptions s on s.customer_id = c.customer_id
    where c.removed_at is null
      and c.created_at <= ${dueAt}
      and s.created_at <= ${dueAt}
      and s.status = 'active' and s.is_enabled
      and s.expires_at > ${asOf}
    on conflict do nothing`.execute(db);
  return Number(res.numAffectedRows ?? 0);
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
    if (events.length) {
      await tx
        .insertInto('money_events')
        .values(events)
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .execute();
    }

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

/** Attempts of a run the processor has not answered for: left submitted by a crash, or unknown. */
export async function findUnsettled(db: Db, runId: string, staleAfterMs: number, lookupLagMs: number) {
  const res = await sql<{ id: string; reference: string; status: AttemptStatus; young: boolean }>`
    select id, reference, status,
           updated_at > now() - make_interval(secs => ${lookupLagMs / 1000}) as young
    from payment_attempts
    where billing_run_id = ${runId}
      and (status = 'unknown'
           or (status = 'submitted' and updated_at < now() - make_interval(secs => ${staleAfterMs / 1000})))
    order by id limit 1000`.execute(db);
  return res.rows;
}

export async function countOpenAttempts(db: Db, runId: string): Promise<number> {
  const res = await sql<{ n: number }>`
    select count(*)::int as n from payment_attempts
    where billing_run_id = ${runId} and status in ('created', 'submitted', 'unknown')`.execute(db);
  return res.rows[0]?.n ?? 0;
}

export async function countRunAttempts(db: Db, runId: string): Promise<number> {
  const res = await sql<{ n: number }>`
    select count(*)::int as n from payment_attempts where billing_run_id = ${runId}`.execute(db);
  return res.rows[0]?.n ?? 0;
}
