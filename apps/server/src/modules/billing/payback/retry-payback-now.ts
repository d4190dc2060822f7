import { adminMessages } from '@pria/contracts';
import { type AuditContext, recordStaffAction } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { logBillingEvent } from '../billing-log.ts';
import { retryPayoutNow } from './payouts.repo.ts';

/**
 * Staff bring a delayed pay-back's next try forward to now (the tick sends it); only a pay-back
 * that is delayed. Recorded in the event log and the staff audit.
 */
export async function retryPaybackNow(
  db: Db,
  r: { payoutId: string; audit: AuditContext; now: Date },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const retried = await retryPayoutNow(tx, r.payoutId, r.now);
    if (!retried) {
      const exists = await tx
        .selectFrom('payouts')
        .select('id')
        .where('id', '=', r.payoutId)
        .executeTakeFirst();
      if (!exists) throw notFound('Pay-back not found');
      throw new AppError('CONFLICT', adminMessages.paybackNotDelayed);
    }
    await logBillingEvent(tx, `Pay-back ${retried.id} retried now by ${r.audit.actor}`, r.audit.actor, {
      payoutId: retried.id,
      customerId: retried.customer_id,
      period: retried.period,
    });
    await recordStaffAction(tx, r.audit, {
      action: 'payback.retry_now',
      targetType: 'payout',
      targetId: retried.id,
      after: { nextTryAt: r.now.toISOString() },
    });
  });
}
