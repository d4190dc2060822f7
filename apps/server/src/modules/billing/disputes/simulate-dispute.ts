import { adminMessages } from '@pria/contracts';
import { notFound } from '../../../platform/errors.ts';
import type { BillingDeps } from '../billing-deps.ts';

/**
 * The simulator's test trigger (API and CLI): the cardholder disputes a captured charge now, named
 * by its id or our reference. The processor then reports it like any dispute (the next tick
 * records it). 404 when the gateway is not the simulator or no such charge exists.
 */
interface DisputingGateway {
  openDispute(chargeReference: string): Promise<string | null>;
}

const canDispute = (g: unknown): g is DisputingGateway =>
  typeof (g as Partial<DisputingGateway>).openDispute === 'function';

export async function simulateDispute(deps: BillingDeps, charge: string): Promise<{ disputeId: string }> {
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(charge);
  const row = await deps.db
    .selectFrom('payment_attempts')
    .select('reference')
    .where((eb) =>
      isId ? eb.or([eb('id', '=', charge), eb('reference', '=', charge)]) : eb('reference', '=', charge),
    )
    .executeTakeFirst();
  const disputeId = row && canDispute(deps.payments) ? await deps.payments.openDispute(row.reference) : null;
  if (!disputeId) throw notFound(adminMessages.chargeNotFound);
  return { disputeId };
}
