import type { Db } from '../../platform/db.ts';
import { findPlanInForce, lockPlanFundedBy } from './subscriptions.repo.ts';

/** The plan a card pays for, as the cards module's removal asks it (its `FundedPlanOf` port). */
export interface FundedPlan {
  planName: string;
  /** The end of the period paid for (null while the first payment waits for the bank). */
  endsAt: Date | null;
}

/**
 * The plan in force that a card pays for (issue 40: the funding card could be removed, and the
 * plan then showed "renews automatically" with nothing to charge). A plan in force is active
 * (renewing, cancelled or paused: it may be kept or resumed, and then renews on this card) or
 * waiting for its payment on the card. Called in the removal's transaction: the subscription row
 * stays locked until it commits, and a funding change re-checks its card under that lock.
 */
export async function planFundedBy(tx: Db, customerId: string, cardId: string): Promise<FundedPlan | null> {
  const row = await lockPlanFundedBy(tx, customerId, cardId);
  return row ? { planName: row.plan_name, endsAt: row.expires_at ? new Date(row.expires_at) : null } : null;
}

/**
 * The plan an account deletion ends before the end of the period paid for (active, its end date
 * still to come), for the deletion's email (account's `PlanEndedByDeletion` port, issue 40).
 */
export async function planEndedByDeletion(
  db: Db,
  customerId: string,
  now: Date,
): Promise<{ planName: string; paidUntil: Date } | null> {
  const row = await findPlanInForce(db, customerId);
  if (!row?.expires_at || row.status !== 'active' || new Date(row.expires_at) <= now) return null;
  return { planName: row.plan_name, paidUntil: new Date(row.expires_at) };
}
