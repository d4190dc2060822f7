import { formatUsd } from '../money.ts';
import { recurringDisclosureVersion } from './recurring-version.ts';

/**
 * The automatic-renewal terms shown beside the checkout's pay button, before payment
 * (California's automatic renewal law, Bus. & Prof. Code § 17602: the price, how often it is
 * charged, that it continues until cancelled, and how to cancel, "clear and conspicuous" and
 * in visual proximity to the request for consent). One text, one version: #32 records the
 * version a customer agreed to as a consent, so a change of words is a new version.
 */
export const recurringDisclosure = {
  version: recurringDisclosureVersion,
  text(p: { planName: string; totalCents: number; intervalCount: number; renewsOn: string }): string {
    const every = p.intervalCount === 1 ? 'every month' : `every ${p.intervalCount} months`;
    return (
      `Your ${p.planName} plan renews automatically: ${formatUsd(p.totalCents)} (including taxes) ` +
      `${every}, charged to this card, next on ${p.renewsOn}, until you cancel. ` +
      'Cancel anytime online in Account Settings → Subscription before the renewal date; ' +
      'your plan then stays active until the end of the period you paid for. ' +
      'The monthly $3 Charge & Pay charges on your cards are paid back on the 2nd of the next month.'
    );
  },
};
