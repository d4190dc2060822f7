import { type DisputeRow, disputePaybackLabels, formatDate } from '@pria/contracts';
import { money, monthLabel } from '../shared/display.ts';

/** Which charge was disputed: "Nov 2026 $3 charge", or "Plan charge of Mar 10, 2031" (its period's first day). */
export function disputedCharge(row: Pick<DisputeRow, 'chargeKind' | 'period'>): string {
  return row.chargeKind === 'subscription'
    ? `Plan charge of ${formatDate(row.period, 'medium')}`
    : `${monthLabel(row.period)} $3 charge`;
}

/** Under the amount: what of the charge was already refunded ("Refunded $38.75"), or nothing. */
export const refundedNote = (row: Pick<DisputeRow, 'refundedCents'>) =>
  row.refundedCents > 0 ? `Refunded ${money(row.refundedCents)}` : null;

/** The Pay-back column, from the server's state: a plan charge says it has none. */
export const paybackLabel = (row: Pick<DisputeRow, 'payback'>) => disputePaybackLabels[row.payback];

/**
 * What recording the bank's decision does to the money, before staff confirm it. The amount is the
 * dispute's (what the card still carried when it was disputed); a refund made before is named
 * beside it, so a partly refunded charge is never described as its full price.
 */
export function decisionWords(
  row: Pick<DisputeRow, 'chargeKind' | 'amount' | 'paybackSent' | 'refundedCents'>,
  outcome: 'won' | 'lost',
): string {
  const amount = money(row.amount);
  const disputed =
    row.refundedCents > 0
      ? `the ${amount} disputed of the plan charge (${money(row.refundedCents)} of it was refunded and stays refunded)`
      : `the ${amount} plan charge`;
  if (row.chargeKind === 'subscription')
    return outcome === 'won'
      ? `The bank decided for Pria: ${disputed} stays with Pria. A plan charge has no pay-back.`
      : `The bank decided for the customer: ${disputed} went back to them. A plan charge has no pay-back, so nothing else moves.`;
  if (outcome === 'won')
    return row.paybackSent
      ? `The bank decided for Pria: the ${amount} stays with Pria; the pay-back was already sent.`
      : `The bank decided for Pria: the withheld ${amount} pay-back goes to the customer's card at the next tick.`;
  return row.paybackSent
    ? `The bank decided for the customer, who also had the pay-back: ${amount} is recorded as lost.`
    : `The bank decided for the customer: the ${amount} pay-back stays withheld (the bank returned the money).`;
}
