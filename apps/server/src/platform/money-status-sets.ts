import { type RawBuilder, sql } from 'kysely';
import type { AttemptStatus, DisputeStatus, PayoutStatus, RefundStatus } from './db-schema.ts';
import {
  disputeMoves,
  finalStates,
  type Moves,
  paymentAttemptMoves,
  payoutMoves,
  refundMoves,
} from './money-state-machines.ts';

/**
 * The sets of money states the code asks about — "not answered yet", "still owed" — named once
 * (issue 38), each derived from the state machines (`money-state-machines.ts`, ADR 46) where the
 * machine says it, so a state added to a machine lands in the sets it belongs to or fails
 * `money-status-sets.test.ts`. The partial indexes whose predicates repeat a set
 * (`payment_attempts_unresolved`, `payment_attempts_subscription_once`, `payouts_open`,
 * `refunds_open`) are compared with these by the
 * same test. SQL asks through `statusIn`, which writes the set as literals: a parameter would
 * keep the planner from matching those indexes.
 */

/** The states of a machine with a move out: a row in one may still change state. */
export const openStates = <S extends string>(moves: Moves<S>): S[] =>
  (Object.keys(moves) as S[]).filter((s) => moves[s].length > 0);

/** The states of a machine that may move to `to`. */
export const statesMovingTo = <S extends string>(moves: Moves<S>, to: S): S[] =>
  (Object.keys(moves) as S[]).filter((s) => moves[s].includes(to));

const without = <S extends string>(states: readonly S[], ...out: S[]): S[] =>
  states.filter((s) => !out.includes(s));

/**
 * A charge without its final answer: written and not sent yet, sent and not answered, in doubt,
 * or waiting for the cardholder's bank (3-D Secure). Every open state but `missed`, which is
 * settled (nothing moved) and which only a forced run sends after all. Index
 * `payment_attempts_unresolved`.
 */
export const ATTEMPT_UNRESOLVED: readonly AttemptStatus[] = without(
  openStates(paymentAttemptMoves),
  'missed',
);

/**
 * A charge in flight: unresolved and not waiting for the cardholder's bank (written, sent, or in
 * doubt). What a run waits for, and a pay-in that may still take the card's money.
 */
export const ATTEMPT_IN_FLIGHT: readonly AttemptStatus[] = without(
  ATTEMPT_UNRESOLVED,
  'requires_authentication',
);

/** A charge answered for good (the machine's final states): dated `settled_at` when it gets there. */
export const ATTEMPT_SETTLED: readonly AttemptStatus[] = finalStates(paymentAttemptMoves);

/**
 * A charge that moved no money and never will: declined, or missed (nothing was sent in its
 * window). A plan charge in one no longer holds its period (index
 * `payment_attempts_subscription_once`), and says why a plan is inactive.
 */
export const ATTEMPT_NOT_THROUGH: readonly AttemptStatus[] = ['declined', 'missed'];

/**
 * Sent and not answered: `submitted`, or `unknown` after a timeout. The states a lookup's answer
 * settles a charge, a pay-back or a refund from (and the states "in doubt" is asked of:
 * `in-doubt.sql.ts`). The same two states in the three machines.
 */
export const SENT_UNANSWERED = ['submitted', 'unknown'] as const satisfies readonly (AttemptStatus &
  PayoutStatus &
  RefundStatus)[];

/**
 * A plan charge awaiting an answer the processor will know: sent and not answered, or waiting
 * for the cardholder's bank (ADR 47). Unresolved, less a charge not sent yet.
 */
export const ATTEMPT_AWAITING_ANSWER: readonly AttemptStatus[] = without(ATTEMPT_UNRESOLVED, 'created');

/**
 * A pay-back still to be made by the engine: new, failed and to be tried again, or sent and not
 * answered. Not `returned` (it waits for staff to choose another card) nor `withheld` (it waits
 * for the dispute), though neither is final. Index `payouts_open`.
 */
export const PAYOUT_OPEN: readonly PayoutStatus[] = without(openStates(payoutMoves), 'returned', 'withheld');

/**
 * A pay-back try the processor answered for good: paid (final), or returned by the card (staff
 * then choose another card). Dated `settled_at`; a failed try is tried again and is not.
 */
export const PAYOUT_SETTLED: readonly PayoutStatus[] = ['paid', 'returned'];

/** A pay-back that may already be on its way to the card: paid, or sent and not answered. */
export const PAYOUT_SENT: readonly PayoutStatus[] = ['paid', ...SENT_UNANSWERED];

/** A pay-back a dispute withholds when it opens: one not sent (the machine's moves to `withheld`). */
export const PAYOUT_WITHHOLDABLE: readonly PayoutStatus[] = statesMovingTo(payoutMoves, 'withheld');

/** A refund without its final answer. Index `refunds_open`. */
export const REFUND_OPEN: readonly RefundStatus[] = openStates(refundMoves);

/**
 * A dispute by which the cardholder's bank returns the charge: open (it is returning it) or lost
 * (it returned it). Pria then neither pays the charge back nor refunds it; a won dispute leaves
 * the charge standing.
 */
export const DISPUTE_RETURNS_CHARGE: readonly DisputeStatus[] = [...openStates(disputeMoves), 'lost'];

/** `column in (...)`, the states written as literals (a partial index's predicate can then match). */
export const statusIn = (column: string, states: readonly string[]): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(column)} in (${sql.join(states.map((s) => sql.lit(s)))})`;
