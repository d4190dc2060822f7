import type { DisputePayback } from '@pria/contracts';

/**
 * What a dispute means for its charge's pay-back, the one rule the disputes list states: a plan
 * charge has none; a $3 charge's was sent before the dispute opened, or is withheld while the
 * dispute is open and once it is lost (the bank returned the money), and released when Pria wins.
 */
export function disputePayback(d: {
  kind: 'payin' | 'subscription';
  status: 'open' | 'won' | 'lost';
  paybackSent: boolean;
}): DisputePayback {
  if (d.kind === 'subscription') return 'none';
  if (d.paybackSent) return 'already_sent';
  return d.status === 'won' ? 'released' : 'withheld';
}
