// No zod here: the admin screens read these without loading the schemas beside them, so the
// browser carries no classic zod (ADR 88's addendum).

export const disputeStatuses = ['open', 'won', 'lost'] as const;

/**
 * A dispute's pay-back: `none` for a plan charge (nothing is paid back); for a $3 charge
 * `already_sent` (sent before the dispute opened), `withheld` (open, or lost: the bank returned
 * the money) or `released` (won: it goes to the card at the next tick).
 */
export const disputePaybacks = ['none', 'already_sent', 'withheld', 'released'] as const;
export type DisputePayback = (typeof disputePaybacks)[number];
export const disputePaybackLabels: Record<DisputePayback, string> = {
  none: 'No pay-back — plan charge',
  already_sent: 'Already sent',
  withheld: 'Withheld',
  released: 'Released',
};
