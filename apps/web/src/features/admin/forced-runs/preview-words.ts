import {
  countOf,
  type ForcedRunPreview,
  formatDate,
  formatMonth,
  formatUsd,
  instantInNewYork,
} from '@pria/contracts';

/**
 * A forced run's confirmation, from its preview (issue 40: "every forced run shows a preview
 * first — which month, how many cards, what total"): the question, then what it moves, in words.
 */
export function forcedRunQuestion(p: ForcedRunPreview): { message: string; details: string[] } {
  const total = formatUsd(p.totalCents);
  const cards = countOf(p.cards, 'card', 'cards');
  if (p.kind === 'payin') {
    const month = formatMonth(p.period);
    const waiting =
      p.waitingRenewals > 0
        ? [
            `${countOf(p.waitingRenewals, 'plan renews', 'plans renew')} before ${month}'s 28th and ${p.waitingRenewals === 1 ? 'is' : 'are'} not settled yet: ${p.waitingRenewals === 1 ? 'its cards are' : 'their cards are'} charged once the renewal is.`,
          ]
        : [];
    return {
      message:
        p.cards === 0
          ? `No card is owed the $3 of ${month} now: forcing the pay-in charges nothing.`
          : `Charge the $3 of ${month} now on ${cards}: ${total} in all?`,
      details: [`A card already charged for ${month} is not charged again.`, ...waiting],
    };
  }
  if (p.kind === 'payout') {
    const month = formatMonth(p.period);
    return {
      message:
        p.count === 0
          ? `No $3 charge from ${month} or before is owed a pay-back now: forcing the pay-back sends nothing.`
          : `Pay back now ${countOf(p.count, 'charge', 'charges')} of $3 from ${month} and before, to ${cards}: ${total} in all?`,
      details: ['A charge already paid back is not paid again.'],
    };
  }
  const day = formatDate(instantInNewYork(p.period));
  return {
    message:
      p.count === 0
        ? `No plan is due to renew on ${day}: forcing the renewals charges nothing.`
        : `Renew now ${countOf(p.count, 'plan', 'plans')} due by ${day}, on ${cards}: ${total} in all, taxes included?`,
    details: ['A period already paid is not charged again.'],
  };
}
