import { cents } from '@pria/contracts';
import { moneyOutcome } from '../../gateways/payments/outcome.ts';
import type { PaymentGateway } from '../../gateways/payments/port.ts';
import type { Db } from '../../platform/db.ts';
import { type AttemptRow, transitionAttempt } from './attempts.repo.ts';

/**
 * Sends a `created` attempt to the gateway exactly once and records what came back.
 * NOTE: the attempt is marked `submitted` BEFORE the call. If the process dies mid-call, the
 * attempt stays `submitted`; an answer that does not come (a timeout) leaves it `unknown`. Both
 * are settled by the money engine's settle step (billing's in-doubt step, on the worker's
 * schedule), by looking our reference up — never by sending blind, and never here.
 * `settled`: what a final answer (captured or declined) means beyond the attempt, written in the
 * same transaction as the attempt's outcome, so a crash cannot keep one without the other.
 */
export async function executeCharge(
  db: Db,
  gateway: PaymentGateway,
  attempt: AttemptRow,
  opts: {
    instrumentId: string;
    initiator: 'customer' | 'merchant';
    returnUrl?: string;
    /** When it is sent, by the engine's clock: `sent_at`, and `settled_at` of an answer. */
    at: Date;
    settled?: (tx: Db, row: AttemptRow) => Promise<void>;
  },
): Promise<AttemptRow> {
  const { at } = opts;
  const submitted = await transitionAttempt(db, attempt, 'submitted', {}, at);
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
  if (outcome.status === 'unknown') return must(await transitionAttempt(db, submitted, 'unknown', {}, at));
  const fields = outcome.gatewayTransactionId ? { gateway_transaction_id: outcome.gatewayTransactionId } : {};
  if (outcome.status === 'requires_authentication') {
    return must(
      await transitionAttempt(
        db,
        submitted,
        'requires_authentication',
        { ...fields, session_url: outcome.sessionUrl },
        at,
      ),
    );
  }
  // Captured, or declined by the issuer or refused outright (e.g. the instrument is gone: no money moved).
  const final = outcome.status;
  const reason = final === 'declined' ? { decline_reason: outcome.reason } : {};
  return db.transaction().execute(async (tx) => {
    const row = must(await transitionAttempt(tx, submitted, final, { ...fields, ...reason }, at));
    await opts.settled?.(tx, row);
    return row;
  });
}

function must(row: AttemptRow | undefined): AttemptRow {
  if (!row) throw new Error('payment attempt was moved by another process');
  return row;
}
