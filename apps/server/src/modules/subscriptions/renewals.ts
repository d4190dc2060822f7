import { cents, totalWithTax } from '@pria/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { planPeriodEnd, type RenewalDue, type RenewalOutcome, renewalDue } from '../billing/index.ts';
import { periodKeyAt } from './subscription-period.ts';

/**
 * Renewals, the subscriptions side (issue 28): which plans renew, for how much, and what the
 * renewal charge's outcome does to the subscription. Billing charges the card and reports the
 * outcome through its `SubscriptionEffects` port; it never writes a `subscriptions` row. The
 * price with tax and the period end are computed here only (`totalWithTax`, `planPeriodEnd`).
 */
/**
 * The renewals due by `asOf` (`renewalDue`: active, not cancelled, not paused at the end date, a
 * card on file), however late the run. A renewal charges and starts the plan the customer
 * changed to, if any (ADR 40), else the same plan.
 */
export async function renewalsDue(db: Db, asOf: Date): Promise<RenewalDue[]> {
  const rows = await db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', (j) => j.on(sql<boolean>`p.id = coalesce(s.next_plan_id, s.plan_id)`))
    .innerJoin('cards as c', (j) => j.onRef('c.id', '=', 's.card_id').on('c.removed_at', 'is', null))
    .select([
      's.id',
      's.customer_id',
      's.expires_at',
      'c.id as card_id',
      'c.instrument_id',
      'p.id as plan_id',
      'p.name',
      'p.price_cents',
      'p.tax_basis_points',
    ])
    .where(renewalDue('s', asOf))
    .execute();
  return rows.flatMap((r) => {
    if (!r.expires_at) return [];
    const dueAt = new Date(r.expires_at);
    return [
      {
        subscriptionId: r.id,
        customerId: r.customer_id,
        cardId: r.card_id,
        instrumentId: r.instrument_id,
        planId: r.plan_id,
        period: periodKeyAt(dueAt),
        amountCents: totalWithTax(cents(Number(r.price_cents)), r.tax_basis_points),
        description: `${r.name} plan renewal`,
        dueAt,
      },
    ];
  });
}

/**
 * Subscriptions whose period ended by `asOf` and that do not renew become inactive: the active
 * ones no renewal is due for (`renewalDue`): paused at their end date (even if resumed since:
 * ADR 18), cancelled (never charged again), or whose funding card is gone.
 */
export async function expireUnrenewable(db: Db, asOf: Date): Promise<number> {
  const res = await sql`
    update subscriptions s set status = 'inactive', next_plan_id = null, updated_at = now()
    where s.status = 'active' and s.expires_at <= ${asOf} and not ${renewalDue('s', asOf)}`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/**
 * What renewal charges' outcomes do, in the transaction that records them: the subscription is now
 * on the plan the charge was for (a plan change starts here, ADR 40); captured, the plan runs to
 * the end of the paid period; declined, it is inactive; in doubt or waiting for the bank, it is
 * pending verification until the charge settles.
 */
export async function recordRenewalOutcomes(tx: Db, outcomes: readonly RenewalOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await sql`
    update subscriptions s
    set plan_id = v.plan,
        next_plan_id = case when s.next_plan_id = v.plan then null else s.next_plan_id end,
        updated_at = now()
    from unnest(${outcomes.map((o) => o.subscriptionId)}::uuid[], ${outcomes.map((o) => o.planId)}::text[]) as v(id, plan)
    where s.id = v.id and s.plan_id is distinct from v.plan`.execute(tx);
  const captured = outcomes.filter((o) => o.status === 'captured');
  if (captured.length) {
    const plans = await tx
      .selectFrom('plans')
      .select(['id', 'interval_count'])
      .where('id', 'in', [...new Set(captured.map((o) => o.planId))])
      .execute();
    const months = new Map(plans.map((p) => [p.id, p.interval_count]));
    const ends = captured.map((o) => {
      const n = months.get(o.planId);
      if (n === undefined) throw new Error(`renewal of plan ${o.planId}: no such plan`);
      return planPeriodEnd(o.period, n).toISOString();
    });
    await sql`
      update subscriptions s set expires_at = v.ends, status = 'active', updated_at = now()
      from unnest(${captured.map((o) => o.subscriptionId)}::uuid[], ${ends}::timestamptz[]) as v(id, ends)
      where s.id = v.id`.execute(tx);
  }
  const setStatus = async (status: string, ids: string[]) => {
    if (ids.length === 0) return;
    await sql`update subscriptions set status = ${status}, updated_at = now() where id = any(${ids}::uuid[])`.execute(
      tx,
    );
  };
  await setStatus(
    'inactive',
    outcomes.filter((o) => o.status === 'declined').map((o) => o.subscriptionId),
  );
  await setStatus(
    'pending_verification',
    outcomes
      .filter((o) => o.status === 'unknown' || o.status === 'requires_authentication')
      .map((o) => o.subscriptionId),
  );
}

/**
 * A deleted account's subscription stops at once: inactive, so never renewed nor charged again
 * (its cards are retired in the same transaction). Its pause history is left as it was.
 */
export async function stopSubscriptionsOf(db: Db, customerId: string): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ status: 'inactive', updated_at: new Date() })
    .where('customer_id', '=', customerId)
    .execute();
}
