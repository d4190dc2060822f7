import { type RawBuilder, sql } from 'kysely';
import type { AttemptStatus, DisputeStatus, PayoutStatus } from '../../platform/db-schema.ts';
import { ATTEMPT_IN_FLIGHT, DISPUTE_RETURNS_CHARGE, statusIn } from '../../platform/money-status-sets.ts';

/**
 * Owed a pay-back, defined once (issue 38): every capture of the monthly $3 is paid back exactly
 * once, unless the cardholder's bank returns it (a dispute open or lost: it returns the money
 * itself). Each question is asked here, in TypeScript and as the SQL fragment its readers run;
 * `owed-rule.test.ts` writes every combination of the states involved and holds each fragment to
 * its TypeScript twin.
 *
 * - `paybackOwed`: Pria owes the card the pay-back now (the dashboard's Upcoming panel).
 * - `paybackToWrite`: owed, and its payout row not written yet (payout runs, a capture settled
 *   late, a won dispute write it).
 * - `moneyMayBeOwed`: a pay-in that may still take the card's money or be owed back, an open
 *   dispute included (won, its pay-back is owed again). The card's processor instrument lives,
 *   and the account cannot be deleted, while one is.
 *
 * NOTE: fragments of SQL rather than database functions, as the pause rule: a SQL function with a
 * subquery is never inlined (ADR 36), and a payout run asks `paybackToWrite` of every capture.
 */

/** What the rule reads of a charge: its kind and state, its payout's and its dispute's. */
export interface ChargeForPayback {
  kind: 'payin' | 'subscription';
  status: AttemptStatus;
  /** Its payout's state; null while none is written. */
  payout: PayoutStatus | null;
  /** Its dispute's state; null when the charge was never disputed. */
  dispute: DisputeStatus | null;
}

/** The cardholder's bank returns the charge (a dispute open) or returned it (lost). */
export const bankReturnsCharge = (dispute: DisputeStatus | null): boolean =>
  dispute !== null && DISPUTE_RETURNS_CHARGE.includes(dispute);

const capturedPayin = (c: ChargeForPayback) => c.kind === 'payin' && c.status === 'captured';

/** Pria owes the card this charge's pay-back: a captured $3, not paid back, that the bank does not return. */
export const paybackOwed = (c: ChargeForPayback): boolean =>
  capturedPayin(c) && c.payout !== 'paid' && !bankReturnsCharge(c.dispute);

/** Owed, and no payout row written yet: the one that writes it now owes it to the card. */
export const paybackToWrite = (c: ChargeForPayback): boolean => paybackOwed(c) && c.payout === null;

/**
 * A pay-in that may still take the card's money (in flight), or whose pay-back may still be owed:
 * captured, not paid back, and no dispute lost (an open one may be won).
 */
export const moneyMayBeOwed = (c: ChargeForPayback): boolean =>
  (c.kind === 'payin' && ATTEMPT_IN_FLIGHT.includes(c.status)) ||
  (capturedPayin(c) && c.payout !== 'paid' && c.dispute !== 'lost');

// The SQL twins, of the payment_attempts row aliased `a` (the alias the caller's query gives it).
const col = (a: string, c: string) => sql.ref(`${a}.${c}`);
const capturedPayinSql = (a: string) => sql`${col(a, 'kind')} = 'payin' and ${col(a, 'status')} = 'captured'`;
const paidBackSql = (a: string) =>
  sql`exists (select 1 from payouts owed_p where owed_p.attempt_id = ${col(a, 'id')} and owed_p.status = 'paid')`;
const disputeIn = (a: string, states: readonly string[]) =>
  sql`exists (select 1 from disputes owed_d where owed_d.attempt_id = ${col(a, 'id')} and ${statusIn('owed_d.status', states)})`;

/** `bankReturnsCharge` of the charge aliased `a`. */
export const bankReturnsChargeSql = (a: string): RawBuilder<boolean> =>
  sql<boolean>`${disputeIn(a, DISPUTE_RETURNS_CHARGE)}`;

/**
 * The dispute by which the bank returns the charge aliased `a`: 'open' (returning it) before
 * 'lost' (returned it), or null when it does not (`bankReturnsCharge` of it is `is not null`).
 * What a refund and the staff list read, to say which it is.
 */
export const bankReturnSql = (a: string): RawBuilder<'open' | 'lost' | null> =>
  sql<'open' | 'lost' | null>`(select owed_d.status from disputes owed_d
    where owed_d.attempt_id = ${col(a, 'id')} and ${statusIn('owed_d.status', DISPUTE_RETURNS_CHARGE)}
    order by owed_d.status = 'open' desc limit 1)`;

/** `paybackOwed` of the charge aliased `a`. */
export const paybackOwedSql = (a: string): RawBuilder<boolean> =>
  sql<boolean>`(${capturedPayinSql(a)} and not ${paidBackSql(a)} and not ${bankReturnsChargeSql(a)})`;

/** `paybackToWrite` of the charge aliased `a` (no payout row: then none is paid either). */
export const paybackToWriteSql = (a: string): RawBuilder<boolean> =>
  sql<boolean>`(${capturedPayinSql(a)}
    and not exists (select 1 from payouts owed_p where owed_p.attempt_id = ${col(a, 'id')})
    and not ${bankReturnsChargeSql(a)})`;

/** `moneyMayBeOwed` of the charge aliased `a`. */
export const moneyMayBeOwedSql = (a: string): RawBuilder<boolean> =>
  sql<boolean>`(${col(a, 'kind')} = 'payin' and (${statusIn(`${a}.status`, ATTEMPT_IN_FLIGHT)}
    or (${col(a, 'status')} = 'captured' and not ${paidBackSql(a)} and not ${disputeIn(a, ['lost'])})))`;
