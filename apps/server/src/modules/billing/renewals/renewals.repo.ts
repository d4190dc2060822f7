import { sql } from 'kysely';
import type { Db } from '../../../platform/db.ts';
import type { RenewalDue } from '../billing-deps.ts';

/**
 * Active plans whose paid period ended by `at`: the day's renewal run has work (plans to charge,
 * or to end: which is the subscriptions module's to say when the run opens).
 */
export async function countPeriodsEnded(db: Db, at: Date): Promise<number> {
  const due = await sql<{ n: number }>`
    select count(*)::int as n from subscriptions where status = 'active' and expires_at <= ${at}`.execute(db);
  return due.rows[0]?.n ?? 0;
}

/**
 * Writes one renewal attempt per renewal the subscriptions module reports due at `asOf` (its
 * price with tax, its period): one statement, and a period is charged at most once (the key).
 */
export async function materializeRenewals(
  db: Db,
  runId: string,
  asOf: Date,
  renewals: readonly RenewalDue[],
): Promise<number> {
  if (renewals.length === 0) return 0;
  const col = <K extends keyof RenewalDue>(k: K) => renewals.map((r) => r[k]);
  const res = await sql`
    insert into payment_attempts
      (id, reference, kind, period, customer_id, card_id, instrument_id, subscription_id, plan_id,
       billing_run_id, amount_cents, description, initiator, created_at, due_at)
    select x.id, pria_subscription_reference(x.id), 'subscription', x.period, x.customer_id, x.card_id, x.instrument_id,
           x.subscription_id, x.plan_id, ${runId}, x.amount, x.description, 'merchant', ${asOf}, x.due_at
    from (
      select gen_random_uuid() as id, v.*
      from unnest(${col('period')}::text[], ${col('customerId')}::uuid[], ${col('cardId')}::uuid[],
                  ${col('instrumentId')}::text[], ${col('subscriptionId')}::uuid[], ${col('planId')}::text[],
                  ${col('amountCents')}::bigint[], ${col('description')}::text[],
                  ${renewals.map((r) => r.dueAt.toISOString())}::timestamptz[])
        as v(period, customer_id, card_id, instrument_id, subscription_id, plan_id, amount, description, due_at)
    ) x
    on conflict do nothing`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}
