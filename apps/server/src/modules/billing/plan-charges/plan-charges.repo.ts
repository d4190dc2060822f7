import { sql } from 'kysely';
import type { Db } from '../../../platform/db.ts';
import type { AttemptStatus } from '../../../platform/db-schema.ts';
import { retryOnDeadlock } from '../../../platform/deadlock-retry.ts';
import { ATTEMPT_AWAITING_ANSWER, statusIn } from '../../../platform/money-status-sets.ts';
import type { CheckoutOutcome, SubscriptionEffects } from '../billing-deps.ts';
import { awaitingAnswer, conclusiveNow, inDoubt, lastWrittenBefore } from '../in-doubt/in-doubt.sql.ts';
import type { ClaimedAttempt } from '../payin/charges.repo.ts';

/** A checkout's plan charge: the customer's, sent by the checkout itself, in no run. */
const isCheckout = sql<boolean>`(billing_run_id is null and initiator = 'customer')`;

/**
 * The plan charges the settle step asks the processor about (ADR 47): a checkout's charge in
 * doubt (`unknown`, or `submitted` by a process that died) or waiting for the customer's bank,
 * and a renewal waiting for the bank (its run completed without it: a run settles only what is
 * in doubt). A renewal in doubt is its run's to settle. `attemptId`: only that one (the
 * customer back from the bank's page). Columns as `in-doubt.sql.ts` reads them.
 */
export async function findPlanChargesAwaitingAnswer(
  db: Db,
  r: { staleAfterMs: number; lookupLagMs: number; attemptId?: string },
) {
  const res = await sql<{
    id: string;
    reference: string;
    status: AttemptStatus;
    checkout: boolean;
    due_at: Date;
    sent_at: Date | null;
    conclusive: boolean;
    looked_at: Date;
  }>`
    select id, reference, status, ${isCheckout} as checkout, due_at, sent_at,
           ${conclusiveNow(r.lookupLagMs)} as conclusive, now() as looked_at
    from payment_attempts
    where kind = 'subscription' and ${awaitingAnswer(r.staleAfterMs)}
      and (${isCheckout} or status = 'requires_authentication')
      ${r.attemptId ? sql`and id = ${r.attemptId}` : sql``}
    order by id limit 1000`.execute(db);
  return res.rows;
}

/**
 * Checkout charges the processor never received, taken to be sent again under the SAME
 * reference (the first try, not a retry), guarded as `claimResends` is: still in doubt, and last
 * written before the lookup minus the lag. With the card's instrument (a checkout row written
 * before ADR 47 has none of its own).
 */
export async function claimCheckoutResends(
  db: Db,
  ids: readonly string[],
  r: { lookedAt: Date; lagMs: number; staleAfterMs: number; at: Date },
): Promise<ClaimedAttempt[]> {
  if (ids.length === 0) return [];
  const res = await retryOnDeadlock(() =>
    sql<ClaimedAttempt>`
    update payment_attempts a set status = 'submitted', sent_at = ${r.at}, updated_at = clock_timestamp()
    where a.id = any(${ids}::uuid[]) and a.kind = 'subscription' and ${isCheckout}
      and ${inDoubt(r.staleAfterMs)}
      and ${lastWrittenBefore(r.lookedAt, r.lagMs)}
    returning a.id, a.reference, a.kind, a.amount_cents, a.description,
      coalesce(a.instrument_id, (select c.instrument_id from cards c where c.id = a.card_id)) as instrument_id`.execute(
      db,
    ),
  );
  return res.rows;
}

/**
 * Checkout charges past their window with no final answer (ADR 47): `missed`, with our reason
 * (nothing moved), and what that does to their subscriptions, in one transaction. Only rows
 * still without an answer and last written by `lookedAt` minus `lagMs`: the lag for a charge
 * the processor does not know (so nothing of ours is in flight), none for one it holds.
 */
export async function markCheckoutChargesMissed(
  db: Db,
  effects: Pick<SubscriptionEffects, 'recordCheckoutOutcomes'>,
  ids: readonly string[],
  r: { reason: string; at: Date; lookedAt: Date; lagMs: number },
): Promise<number> {
  if (ids.length === 0) return 0;
  return retryOnDeadlock(() =>
    db.transaction().execute(async (tx) => {
      const rows = await sql<{
        id: string;
        subscription_id: string | null;
        customer_id: string;
        card_id: string;
        plan_id: string | null;
        period: string;
        amount_cents: number;
      }>`
        update payment_attempts set status = 'missed', decline_reason = ${r.reason}, settled_at = ${r.at},
               updated_at = now()
        where id = any(${ids}::uuid[]) and kind = 'subscription' and ${isCheckout}
          and ${statusIn('status', ATTEMPT_AWAITING_ANSWER)}
          and ${lastWrittenBefore(r.lookedAt, r.lagMs)}
        returning id, subscription_id, customer_id, card_id, plan_id, period, amount_cents`.execute(tx);
      await effects.recordCheckoutOutcomes(
        tx,
        rows.rows.flatMap((a): CheckoutOutcome[] =>
          a.subscription_id && a.plan_id
            ? [
                {
                  attemptId: a.id,
                  subscriptionId: a.subscription_id,
                  customerId: a.customer_id,
                  cardId: a.card_id,
                  planId: a.plan_id,
                  period: a.period,
                  amountCents: Number(a.amount_cents),
                  status: 'missed',
                  settledAt: r.at,
                },
              ]
            : [],
        ),
      );
      return rows.rows.length;
    }),
  );
}
