import { cents, messages } from '@pria/contracts';
import { moneyOutcome, outcomeOf } from '../../../gateways/payments/outcome.ts';
import { mapLimit } from '../../../platform/limit.ts';
import { ATTEMPT_AWAITING_ANSWER } from '../../../platform/money-status-sets.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { awaitingAnswer } from '../in-doubt/in-doubt.sql.ts';
import { leasesOn, settleInDoubt } from '../in-doubt/settle-in-doubt.ts';
import { type AttemptOutcome, type ClaimedAttempt, recordOutcomes } from '../payin/charges.repo.ts';
import { bankHadItsWindow, maySendCheckout } from './checkout-window.ts';
import {
  claimCheckoutResends,
  findPlanChargesAwaitingAnswer,
  markCheckoutChargesMissed,
} from './plan-charges.repo.ts';

/** A plan charge's answer found by lookup: an outcome to record, or (a checkout past its window) missed. */
type Found = AttemptOutcome | { id: string; status: 'missed' };

/**
 * Plan charges through the one settle step (ADR 47), as pay-ins, pay-backs and refunds are: a
 * checkout's charge in doubt or waiting for the customer's bank, and a renewal waiting for the
 * bank. Called by the tick (the worker's and `runDueWork`), by the engine's clock; and for one
 * charge (`attemptId`) when the customer comes back from the bank's page. Each is looked up by
 * our reference (leased, ADR 43):
 * - a final answer (captured, declined) is recorded, with what it does to the subscription;
 * - still with the bank: asked again on a later pass, until the bank's window after its last
 *   send is over (a checkout's: `missed`; the processor's own window is shorter);
 * - the answer of a checkout call that was lost was the bank's request: recorded as such, so the
 *   customer gets the way to the bank's page;
 * - not found, and last written longer ago than the lookup lag: never received. A checkout's is
 *   sent again under the same reference while its window is open, else `missed` (nothing moved).
 * Returns how many were settled (or sent again and answered).
 */
export async function settlePlanCharges(deps: BillingDeps, only?: { attemptId: string }): Promise<number> {
  const rows = new Map<string, Awaited<ReturnType<typeof findPlanChargesAwaitingAnswer>>[number]>();
  let lookedAt = deps.clock.now();
  const settled = await settleInDoubt<Found, ClaimedAttempt>(deps, {
    kind: 'charge',
    async find() {
      const found = await findPlanChargesAwaitingAnswer(deps.db, {
        staleAfterMs: deps.staleAfterMs,
        lookupLagMs: deps.lookupLagMs,
        attemptId: only?.attemptId,
      });
      for (const r of found) rows.set(r.id, r);
      lookedAt = found[0]?.looked_at ?? lookedAt;
      return found;
    },
    ...leasesOn(deps, 'payment_attempts', awaitingAnswer(deps.staleAfterMs)),
    outcome(id, found) {
      if (found.kind !== 'charge') return null;
      if (found.status === 'captured' || found.status === 'declined') return { id, ...outcomeOf(found) };
      const row = rows.get(id);
      if (!row?.checkout) return null;
      if (bankHadItsWindow(row, deps.clock.now())) return { id, status: 'missed' };
      // A lookup cannot always rebuild the bank's page (CyberSource's is ours, sealed): then the
      // customer is told we are checking with the bank, and the window decides.
      if (row.status !== 'requires_authentication') {
        return { ...outcomeOf(found), id, sessionUrl: found.sessionUrl || null };
      }
      return null;
    },
    async record(outcomes) {
      const now = deps.clock.now();
      const answers = outcomes.filter((o): o is AttemptOutcome => o.status !== 'missed');
      const missed = outcomes.filter((o) => o.status === 'missed').map((o) => o.id);
      const { done } = await recordOutcomes(
        deps.db,
        deps.subscriptions,
        ATTEMPT_AWAITING_ANSWER,
        answers,
        now,
      );
      // Found still with the bank: no lag (the processor knows it), only "not written since we looked".
      return done + (await markMissed(deps, missed, lookedAt, 0));
    },
    async neverReceived(ids) {
      const now = deps.clock.now();
      const checkouts = ids.flatMap((id) => {
        const row = rows.get(id);
        return row?.checkout && row.status !== 'requires_authentication' ? [row] : [];
      });
      const open = checkouts.filter((r) => maySendCheckout(r, now)).map((r) => r.id);
      const lapsed = checkouts.filter((r) => !maySendCheckout(r, now)).map((r) => r.id);
      const resend = await claimCheckoutResends(deps.db, open, {
        lookedAt,
        lagMs: deps.lookupLagMs,
        staleAfterMs: deps.staleAfterMs,
        at: now,
      });
      return { answered: await markMissed(deps, lapsed, lookedAt, deps.lookupLagMs), resend };
    },
  });
  return settled.answered + (await sendAgain(deps, settled.resend));
}

function markMissed(deps: BillingDeps, ids: string[], lookedAt: Date, lagMs: number): Promise<number> {
  return markCheckoutChargesMissed(deps.db, deps.subscriptions, ids, {
    reason: messages.checkoutNotConfirmed,
    at: deps.clock.now(),
    lookedAt,
    lagMs,
  });
}

/**
 * Sends again what the processor never received, under the same reference, as the checkout did:
 * the customer's charge (their bank may ask them to confirm it: the way back is their
 * subscription page). The answer is recorded as any other; no answer leaves it `unknown`.
 */
async function sendAgain(deps: BillingDeps, claimed: readonly ClaimedAttempt[]): Promise<number> {
  const outcomes = await mapLimit(claimed, deps.concurrency, async (a): Promise<AttemptOutcome> => {
    const o = await moneyOutcome(
      () =>
        deps.payments.charge({
          reference: a.reference,
          instrumentId: a.instrument_id,
          amountCents: cents(a.amount_cents),
          description: a.description,
          initiator: 'customer',
          returnUrl: deps.checkoutReturnUrl,
        }),
      'declined',
    );
    if (o.unexpected)
      deps.logger.warn({ err: o.unexpected, attempt: a.id }, 'checkout charge failed mid-call');
    return {
      id: a.id,
      status: o.status,
      reason: o.reason,
      gatewayTransactionId: o.gatewayTransactionId,
      sessionUrl: o.sessionUrl,
    };
  });
  const { done } = await recordOutcomes(
    deps.db,
    deps.subscriptions,
    ['submitted'],
    outcomes,
    deps.clock.now(),
  );
  return done;
}
