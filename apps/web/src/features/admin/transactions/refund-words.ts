import { type AdminTransactionRow, adminMessages, type RefundPreview } from '@pria/contracts';
import { dateOnly, money } from '../shared/display.ts';

/**
 * A plan charge that went through offers the Refund button (finance, admin), on the Transactions
 * page and the client page alike (issue 40); the button itself says when nothing can be refunded.
 */
export const offersRefund = (r: Pick<AdminTransactionRow, 'type' | 'transactionStatus'>) =>
  r.type === 'SUBSCRIPTION_CAPTURE' && r.transactionStatus === 'success';

/**
 * The Refund button's accessible name: the charge it refunds, "Refund the $38.97 plan charge of
 * Jun 1, 2027" (its visible "Refund" first, WCAG 2.5.3), dated as the row is (when it settled).
 */
export const refundButtonName = (r: Pick<AdminTransactionRow, 'amount' | 'settledAt' | 'createdAt'>) =>
  `Refund the ${money(r.amount)} plan charge of ${dateOnly(r.settledAt ?? r.createdAt)}`;

/** What the refund dialog says before staff confirm, each part one sentence, from the server's preview. */
export interface RefundWords {
  /** What goes back, to which card, and what is left of the charge after it. */
  amount: string;
  /** Set when the refund ends the plan: the warning's title, beside `plan`. */
  warning: string | null;
  plan: string;
  email: string;
  /** The confirm button's label. */
  confirm: string;
}

function planWords(p: RefundPreview): string {
  switch (p.planEffect) {
    case 'ends_plan':
      return `This charge paid for the current ${p.planName ?? ''} plan period${p.planWouldEndAt ? `, which would have run until ${dateOnly(p.planWouldEndAt)}` : ''}. Once refunded the plan ends at once: no more $3 charges or renewals until the customer chooses a plan again.`;
    case 'ended_by_earlier_refund':
      return `The customer’s plan is not changed: an earlier refund of this charge already ended it${p.planEndedAt ? ` on ${dateOnly(p.planEndedAt)}` : ''}.`;
    case 'period_over':
      return `The customer’s plan is not changed: this charge paid a plan period that ended${p.periodEndsAt ? ` on ${dateOnly(p.periodEndsAt)}` : ''}.`;
    case 'plan_not_active':
      return 'The customer’s plan is not changed: the plan this charge paid for no longer runs on it (cancelled, ended or changed).';
  }
}

/** The confirm button's label: the amount, and that it ends the plan when it does. */
export const refundConfirmLabel = (p: RefundPreview) =>
  `Refund ${money(p.amount)}${p.planEffect === 'ends_plan' ? ' and end the plan' : ''}`;

export function refundWords(p: RefundPreview, to: { card: string; email: string | null }): RefundWords {
  const after =
    p.leftAfter > 0 ? `${money(p.leftAfter)} will be left to refund` : 'nothing will be left to refund';
  const rest =
    p.refunded > 0
      ? `${money(p.refunded)} was refunded before; ${after}.`
      : `${after[0]?.toUpperCase()}${after.slice(1)}.`;
  const ends = p.planEffect === 'ends_plan';
  return {
    amount: `Sends ${money(p.amount)} of the ${money(p.charged)} charge back to ${to.card}, once. ${rest}`,
    warning: ends ? 'This ends the customer’s plan today' : null,
    plan: planWords(p),
    email: `${to.email ?? 'The customer'} gets an email with the refund receipt${ends ? ' saying that the plan has ended' : ''}.`,
    confirm: refundConfirmLabel(p),
  };
}

/**
 * The amount the dialog offers first: the unused days, unless part of the charge was refunded
 * already — refunds are full or prorated, so after a prorated one no unused days are left to
 * prorate (the server refuses a second one) and the rest is what can still be sent.
 */
export const firstRefundMode = (refundedCents: number): RefundPreview['mode'] =>
  refundedCents > 0 ? 'full' : 'prorated';

/**
 * Why a plan charge offers no Refund button, in the server's words, with the short label shown in
 * its place. Whether it can be refunded is the server's rule alone (`refundableCents` 0: nothing
 * can be refunded now, issue 38); the charge's dispute says why: the bank is returning it (open)
 * or returned it (lost), else nothing is left (issue 29: a charge refunded in full still offered
 * the button, whose dialog could only say so). Null when it can be refunded.
 */
export function refundUnavailable(
  row: Pick<AdminTransactionRow, 'dispute' | 'refundableCents'>,
): { label: string; reason: string } | null {
  if (row.refundableCents !== 0) return null;
  if (row.dispute === 'open') return { label: 'Disputed', reason: adminMessages.refundWhileDisputed };
  if (row.dispute === 'lost') return { label: 'Charged back', reason: adminMessages.refundAfterDisputeLost };
  return { label: 'Refunded', reason: adminMessages.refundNothingLeft };
}
