import type { AuditContext } from '../../../platform/audit.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db.ts';
import { cancelPlan } from '../cancel-subscription.ts';
import { findClientPlan, refuseUnlessAllowed } from './client-plan.ts';

/**
 * Staff cancel a client's plan from the client page (issue 40): the customer's own cancellation
 * (`cancelPlan`: no renewal, active until its end date, the email with what happens to money
 * already paid), recorded as the staff member's, with their audit row in its transaction.
 */
export async function cancelClientPlan(
  deps: { db: Db; clock: Clock; publicUrl: string },
  r: { customerId: string; subscriptionId: string; audit: AuditContext },
) {
  const found = await findClientPlan(deps.db, r);
  await refuseUnlessAllowed(deps.db, 'cancel', { ...found, now: deps.clock.now() });
  return cancelPlan(deps, {
    customer: { id: r.customerId },
    subscriptionId: r.subscriptionId,
    actor: r.audit.actor,
    audit: r.audit,
  });
}
