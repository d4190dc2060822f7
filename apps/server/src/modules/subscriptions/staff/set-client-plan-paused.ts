import { staffPlanMessages } from '@pria/contracts';
import { type AuditContext, recordStaffAction } from '../../../platform/audit.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { switchPause } from '../pause-subscription.ts';
import { toSubscriptionView } from '../subscription-view.ts';
import { findPauseState, updateSubscription } from '../subscriptions.repo.ts';
import { findClientPlan, refuseUnlessAllowed } from './client-plan.ts';

/**
 * Staff pause or resume a client's plan from the client page (issue 40): the customer's own
 * switch (`switchPause`: the pause rows, the event log line, the email the customer gets), with
 * the staff member as who did it and their audit row, in one transaction. Checked with the row
 * locked, so a renewal, a refund or the customer's own switch at the same moment is seen.
 */
export async function setClientPlanPaused(
  deps: { db: Db; clock: Clock; publicUrl: string },
  r: { customerId: string; subscriptionId: string; paused: boolean; audit: AuditContext },
) {
  const { db } = deps;
  const { plan } = await findClientPlan(db, r);
  const at = deps.clock.now();
  const row = await db.transaction().execute(async (tx) => {
    // Locks the row (the customer's PUT takes the same lock first).
    const locked = await updateSubscription(tx, r.subscriptionId, {});
    await refuseUnlessAllowed(tx, r.paused ? 'pause' : 'resume', { subscription: locked, plan, now: at });
    const moved = await switchPause(tx, {
      subscription: locked,
      plan,
      paused: r.paused,
      at,
      by: r.audit.actor,
      byStaff: true,
      publicUrl: deps.publicUrl,
    });
    // The rule above was read under the lock, so the switch moves; a refusal here is a bug, not a race.
    if (!moved)
      throw new AppError(
        'CONFLICT',
        r.paused ? staffPlanMessages.alreadyPaused : staffPlanMessages.notPaused,
      );
    await recordStaffAction(tx, r.audit, {
      action: r.paused ? 'subscription.pause' : 'subscription.resume',
      targetType: 'subscription',
      targetId: locked.id,
      before: { paused: !r.paused },
      after: { paused: r.paused, customerId: r.customerId },
    });
    return locked;
  });
  return { subscription: toSubscriptionView(row, plan, { pause: await findPauseState(db, row.id) }) };
}
