import { cents } from '@pria/contracts';
import { moneyOutcome } from '../../gateways/payments/outcome.ts';
import type { PaymentGateway } from '../../gateways/payments/port.ts';
import type { Db } from '../../platform/db.ts';
import type { AttemptStatus } from '../../platform/db-schema.ts';
import { type AttemptRow, transitionAttempt } from './attempts.repo.ts';

/**
 * Sends a `created` attempt to the gateway exactly once and records what came back.
 * NOTE: the attempt is marked `submitted` BEFORE the call. If the process dies mid-call, the
 * attempt stays `submitted` and is later resolved by lookup(reference) — never sent again.
 */
export async function executeCharge(
  db: Db,
  gateway: PaymentGateway,
  attempt: AttemptRow,
  opts: { instrumentId: string; initiator: 'customer' | 'merchant'; returnUrl?: string; at?: Date },
): Promise<AttemptRow> {
  const at = opts.at ?? new Date();
  const move = (from: AttemptRow, to: AttemptStatus, fields: Parameters<typeof transitionAttempt>[3] = {}) =>
    transitionAttempt(db, from, to, fields, at);
  const submitted = await move(attempt, 'submitted');
  if (!submitted) throw new Error(`attempt ${attempt.id} was taken by another process`);
  const outcome = await moneyOutcome(
    () =>
      gateway.charge({
        reference: submitted.reference,
        instrumentId: opts.instrumentId,
        amountCents: cents(submitted.amount_cents),
        description: submitted.description,
        initiator: opts.initiator,
        returnUrl: opts.returnUrl,
      }),
    'declined',
  );
  // Cut off in a way nobody expected: the attempt stays `submitted`, settled by lookup (above).
  if (outcome.unexpected) throw outcome.unexpected;
  if (outcome.status === 'unknown') return must(await move(submitted, 'unknown'));
  const fields = outcome.gatewayTransactionId ? { gateway_transaction_id: outcome.gatewayTransactionId } : {};
  if (outcome.status === 'captured') return must(await move(submitted, 'captured', fields));
  // Declined by the issuer, or the request refused outright (e.g. the instrument is gone): no money moved.
  if (outcome.status === 'declined') {
    return must(await move(submitted, 'declined', { ...fields, decline_reason: outcome.reason }));
  }
  return must(
    await move(submitted, 'requires_authentication', { ...fields, session_url: outcome.sessionUrl }),
  );
}

/**
 * Settles an `unknown`, `submitted` or `requires_authentication` attempt by asking the gateway
 * what happened to our reference. Returns the attempt unchanged when the gateway has no final
 * answer yet. `lookupLagMs`: how long after a call the processor's search may still not show it
 * (BILLING_LOOKUP_LAG_SECONDS); "not found" means "never received" only for older calls.
 */
export async function resolveAttempt(
  db: Db,
  gateway: PaymentGateway,
  attempt: AttemptRow,
  opts: { lookupLagMs?: number } = {},
): Promise<AttemptRow> {
  if (!['submitted', 'unknown', 'requires_authentication'].includes(attempt.status)) return attempt;
  const found = await gateway.lookup(attempt.reference);
  let current = attempt;
  if (current.status === 'submitted') {
    // A crash between submit and answer: the call's outcome is unknown until the gateway says.
    current = must(await transitionAttempt(db, current, 'unknown'));
  }
  if (!found) {
    // Too recent to tell: the processor may not have indexed it yet. Ask again later, since a
    // customer who retries after a wrong "declined" could be charged twice.
    const age = Date.now() - new Date(attempt.updated_at).getTime();
    if (age < (opts.lookupLagMs ?? 0)) return current;
    // The gateway never saw the charge: no money moved.
    return current.status === 'unknown'
      ? must(
          await transitionAttempt(db, current, 'declined', {
            decline_reason: 'Not received by the processor',
          }),
        )
      : current;
  }
  if (found.kind !== 'charge')
    throw new Error(`reference ${attempt.reference} is not a charge at the gateway`);
  const fields = { gateway_transaction_id: found.gatewayTransactionId };
  if (found.status === 'captured') return must(await transitionAttempt(db, current, 'captured', fields));
  if (found.status === 'declined') {
    return must(
      await transitionAttempt(db, current, 'declined', { ...fields, decline_reason: found.reason }),
    );
  }
  return current;
}

function must(row: AttemptRow | undefined): AttemptRow {
  if (!row) throw new Error('payment attempt was moved by another process');
  return row;
}
