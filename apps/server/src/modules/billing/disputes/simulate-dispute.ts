import { adminMessages } from '@pria/contracts';
import { type AuditContext, recordStaffAction } from '../../../platform/audit.ts';
import { notFound } from '../../../platform/errors.ts';
import type { BillingDeps } from '../billing-deps.ts';

/**
 * The simulator's test triggers (API and CLI): the cardholder disputes a captured charge now
 * (named by its id or our reference), or the card network decides an open dispute. The processor
 * then reports it like any dispute (the next tick records it). Whoever pulls a trigger is in the
 * staff audit trail (a staff member, or `cli:<user>`). 404 when the gateway is not the simulator
 * or there is no such charge or open dispute.
 */
interface DisputingGateway {
  openDispute(chargeReference: string): Promise<string | null>;
  decideDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<boolean>;
}

const canDispute = (g: unknown): g is DisputingGateway =>
  typeof (g as Partial<DisputingGateway>).openDispute === 'function' &&
  typeof (g as Partial<DisputingGateway>).decideDispute === 'function';

export async function simulateDispute(
  deps: Pick<BillingDeps, 'db' | 'payments'>,
  charge: string,
  audit: AuditContext,
): Promise<{ disputeId: string }> {
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(charge);
  const row = await deps.db
    .selectFrom('payment_attempts')
    .select(['id', 'reference'])
    .where((eb) =>
      isId ? eb.or([eb('id', '=', charge), eb('reference', '=', charge)]) : eb('reference', '=', charge),
    )
    .executeTakeFirst();
  const disputeId = row && canDispute(deps.payments) ? await deps.payments.openDispute(row.reference) : null;
  if (!row || !disputeId) throw notFound(adminMessages.chargeNotFound);
  await recordStaffAction(deps.db, audit, {
    action: 'dispute.simulate',
    targetType: 'charge',
    targetId: row.id,
    after: { processorDisputeId: disputeId },
  });
  return { disputeId };
}

/** The card network decides an open dispute at the simulator (it reports it on the next tick). */
export async function simulateDisputeDecision(
  deps: Pick<BillingDeps, 'db' | 'payments'>,
  r: { disputeId: string; outcome: 'won' | 'lost'; audit: AuditContext },
): Promise<void> {
  const decided = canDispute(deps.payments) && (await deps.payments.decideDispute(r.disputeId, r.outcome));
  if (!decided) throw notFound(adminMessages.disputeNotFound);
  await recordStaffAction(deps.db, r.audit, {
    action: 'dispute.simulate_decision',
    targetType: 'processor_dispute',
    targetId: r.disputeId,
    after: { outcome: r.outcome },
  });
}
