import { adminMessages } from '@pria/contracts';
import { sql } from 'kysely';
import { type AuditContext, recordStaffAction } from '../../../platform/audit.ts';
import { notFound } from '../../../platform/errors.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { namedMoneyRow } from '../references.ts';

/**
 * The simulator's test triggers (API and CLI): the cardholder disputes a captured charge now
 * (named as staff know it: `findCharge`), or the card network decides an open dispute. The processor
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
  const row = await findCharge(deps.db, charge.trim());
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

/**
 * A charge as staff name it: what the admin transactions filter takes (`namedMoneyRow`: our id,
 * our reference, the processor's transaction id) or its receipt number ("R-000123").
 */
function findCharge(db: BillingDeps['db'], name: string) {
  const receipt = /^R-?(\d{1,9})$/i.exec(name);
  const byReceipt = receipt
    ? sql` or exists (select 1 from receipts r
                      where r.attempt_id = a.id and r.kind = 'charge' and r.number = ${Number(receipt[1])})`
    : sql``;
  return db
    .selectFrom('payment_attempts as a')
    .select(['a.id', 'a.reference'])
    .where(sql<boolean>`(${namedMoneyRow('a', name)}${byReceipt})`)
    .executeTakeFirst();
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
