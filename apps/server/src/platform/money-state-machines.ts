import type {
  AttemptStatus,
  DisputeStatus,
  PayoutStatus,
  PayoutTryOutcome,
  RefundStatus,
  RunStatus,
} from './db-schema.ts';

/**
 * Every money state machine (issue 38, ADR 46): for each state of a money row, the states it may
 * move to. The database holds the same list as rows of `money_state_transitions` (migration
 * 0090), which each table's guard trigger reads, for every role; this is its TypeScript twin,
 * and `modules/billing/money-state-machines.test.ts` reads the rows back and compares them, then
 * tries every move not listed here against the database. To allow a move: one line here and one
 * row inserted by a new migration. Drawn, with the code path of each move, in
 * docs/state-machines.md.
 *
 * A state with no move out is final: the row never changes state again, and its `writtenOnce`
 * columns (its outcome) never change once it is final.
 */
export type Moves<S extends string> = { readonly [K in S]: readonly S[] };

export interface StateMachine<S extends string> {
  /** The column that holds the state. */
  column: 'status' | 'outcome';
  moves: Moves<S>;
  /** The outcome, written with the final state and never after. */
  writtenOnce: readonly string[];
}

export const paymentAttemptMoves: Moves<AttemptStatus> = {
  // Claimed by a renewal run (claimAttempts); sent at checkout (executeCharge).
  created: ['submitted'],
  // The processor's answer (recordOutcomes, executeCharge; a timeout: unknown); found never
  // received once its pay-in window has closed: missed (markAttemptsMissed).
  submitted: ['captured', 'declined', 'unknown', 'requires_authentication', 'missed'],
  // In doubt, looked up (the settle step): its outcome; never received: sent again under the same
  // reference (claimResends), or missed once its window has closed (a pay-in's, ADR 7; a
  // checkout's, ADR 47); found waiting for the customer's bank (the answer lost was the bank's
  // request): requires_authentication.
  unknown: ['captured', 'declined', 'submitted', 'missed', 'requires_authentication'],
  // The cardholder's bank answered the 3-D Secure step (the settle step); a checkout charge the
  // bank still holds after its window: missed, nothing moved (ADR 47).
  requires_authentication: ['captured', 'declined', 'missed'],
  captured: [],
  declined: [],
  // Only a forced run (staff, recorded) sends a missed month after all (reviveMissed).
  missed: ['created'],
};

export const payoutMoves: Moves<PayoutStatus> = {
  // Claimed by a pay-back drain (claimPayouts); a dispute opened: withheld (recordDisputeEvent).
  pending: ['submitted', 'withheld'],
  // The processor's answer (recordPayoutOutcomes; a timeout: unknown).
  submitted: ['paid', 'failed', 'unknown', 'returned'],
  // In doubt, looked up (settle step); never received: sent again, same reference (claimPayoutResends).
  unknown: ['paid', 'failed', 'returned', 'submitted'],
  // Tried again once its back-off is over (claimPayouts); a dispute opened: withheld.
  failed: ['submitted', 'withheld'],
  // Staff send it to another card (sendPayoutToCard); a dispute opened: withheld.
  returned: ['pending', 'withheld'],
  // The dispute was won: owed again (applyDisputeDecision).
  withheld: ['pending'],
  paid: [],
};

export const payoutTryMoves: Moves<PayoutTryOutcome> = {
  // A try in doubt settled (recordPayoutOutcomes' upsert on the try's reference).
  unknown: ['paid', 'failed', 'returned'],
  paid: [],
  failed: [],
  returned: [],
};

export const refundMoves: Moves<RefundStatus> = {
  // The processor's answer (recordRefundOutcome; a timeout: unknown).
  submitted: ['refunded', 'failed', 'unknown'],
  // In doubt, looked up (settleRefunds); never received: sent again, same reference (claimRefundResends).
  unknown: ['refunded', 'failed', 'submitted'],
  refunded: [],
  failed: [],
};

export const disputeMoves: Moves<DisputeStatus> = {
  // Decided by the processor's notice or by finance (applyDisputeDecision).
  open: ['won', 'lost'],
  won: [],
  lost: [],
};

export const billingRunMoves: Moves<RunStatus> = {
  // Drained (completeRun).
  running: ['completed'],
  // Reopened by a forced or catch-up pass, or a pay-back try falling due (openRun).
  completed: ['running'],
};

export const moneyStateMachines = {
  payment_attempts: {
    column: 'status',
    moves: paymentAttemptMoves,
    writtenOnce: ['settled_at', 'sent_at', 'gateway_transaction_id', 'decline_reason'],
  },
  payouts: {
    column: 'status',
    moves: payoutMoves,
    writtenOnce: [
      'paid_at',
      'settled_at',
      'sent_at',
      'gateway_transaction_id',
      'last_error',
      'reference',
      'tries',
      'paid_to_card_id',
    ],
  },
  payout_tries: { column: 'outcome', moves: payoutTryMoves, writtenOnce: ['reason'] },
  refunds: {
    column: 'status',
    moves: refundMoves,
    writtenOnce: ['settled_at', 'sent_at', 'gateway_transaction_id', 'failure_reason'],
  },
  disputes: { column: 'status', moves: disputeMoves, writtenOnce: ['decided_at', 'decided_by'] },
  billing_runs: { column: 'status', moves: billingRunMoves, writtenOnce: [] },
} as const satisfies Record<string, StateMachine<string>>;

export type MoneyTable = keyof typeof moneyStateMachines;

/** The states a row of this machine never leaves. */
export const finalStates = <S extends string>(moves: Moves<S>): S[] =>
  (Object.keys(moves) as S[]).filter((s) => moves[s].length === 0);
