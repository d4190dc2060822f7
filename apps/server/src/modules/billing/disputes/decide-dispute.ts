import { adminMessages } from '@pria/contracts';
import { type AuditContext, recordStaffAction } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { applyDisputeDecision } from './apply-dispute-decision.ts';

/** Finance records a decision the processor will not report (or accepts a dispute: lost). */
export async function decideDispute(
  db: Db,
  r: { disputeId: string; outcome: 'won' | 'lost'; note?: string; audit: AuditContext; at: Date },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const d = await tx
      .selectFrom('disputes')
      .selectAll()
      .where('id', '=', r.disputeId)
      .forUpdate()
      .executeTakeFirst();
    if (!d) throw notFound(adminMessages.disputeNotFound);
    if (d.status !== 'open') throw new AppError('CONFLICT', adminMessages.disputeAlreadyDecided);
    await applyDisputeDecision(tx, d.id, d.attempt_id, r.outcome, r.audit.actor, r.at);
    await recordStaffAction(tx, r.audit, {
      action: 'dispute.decide',
      targetType: 'dispute',
      targetId: d.id,
      before: { status: d.status },
      after: { status: r.outcome, note: r.note ?? null },
    });
  });
}
