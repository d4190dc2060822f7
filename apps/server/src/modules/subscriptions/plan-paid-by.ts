import type { Db } from '../../platform/db.ts';
import { planPeriodEnd } from '../billing/index.ts';

/**
 * What a plan charge means for the subscription now: the plan it paid for, when the charge paid
 * the subscription's current period (its end date is that period's end). A refund of that charge
 * ends the plan at once, so no further $3 charge or renewal follows; a refund of an older period's
 * charge changes nothing. Billing asks through its `SubscriptionEffects` port (refunds).
 */
export interface PlanPaid {
  subscriptionId: string;
  planName: string;
  /** When the plan ends if nothing changes (the end of the period the charge paid). */
  endsAt: Date;
}

export async function planPaidBy(
  db: Db,
  attemptId: string,
  at: Date,
  opts: { lock?: boolean } = {},
): Promise<PlanPaid | undefined> {
  const row = await db
    .selectFrom('payment_attempts as a')
    .innerJoin('subscriptions as s', 's.id', 'a.subscription_id')
    .innerJoin('plans as p', 'p.id', 'a.plan_id')
    .select([
      's.id',
      's.status',
      's.expires_at',
      'a.period',
      'a.status as charge',
      'p.name',
      'p.interval_count',
    ])
    .where('a.id', '=', attemptId)
    .where('a.kind', '=', 'subscription')
    .$if(Boolean(opts.lock), (q) => q.forUpdate('s'))
    .executeTakeFirst();
  if (row?.status !== 'active' || row.charge !== 'captured' || !row.expires_at) return undefined;
  const endsAt = new Date(row.expires_at);
  if (endsAt.getTime() !== planPeriodEnd(row.period, row.interval_count).getTime() || endsAt <= at)
    return undefined;
  return { subscriptionId: row.id, planName: row.name, endsAt };
}

/**
 * A refund of the charge that paid the current period went through: the plan ends now (inactive,
 * its end date `at`, recorded as cancelled by whoever refunded). Returns when it ended, or null
 * when the charge did not pay the current period (nothing changes).
 */
export async function endPlanPaidBy(tx: Db, attemptId: string, at: Date, by: string): Promise<Date | null> {
  const paid = await planPaidBy(tx, attemptId, at, { lock: true });
  if (!paid) return null;
  const current = await tx
    .selectFrom('subscriptions')
    .select(['cancelled_at', 'cancelled_by'])
    .where('id', '=', paid.subscriptionId)
    .executeTakeFirstOrThrow();
  await tx
    .updateTable('subscriptions')
    .set({
      status: 'inactive',
      expires_at: at,
      cancelled_at: current.cancelled_at ?? at,
      cancelled_by: current.cancelled_by ?? by,
      // An ended plan renews into nothing: a plan change it was waiting for is over too.
      next_plan_id: null,
      updated_at: new Date(),
    })
    .where('id', '=', paid.subscriptionId)
    .execute();
  return at;
}
