import { formatDate } from '@pria/contracts';
import type { Subscription } from '../customer/types.ts';

/**
 * The card pays for the plan in force: active (renewing, cancelled or paused until its end date)
 * or waiting for its payment. The server keeps such a card until another one funds the plan
 * (subscriptions' planFundedBy, issue 40); the screens say so before the customer tries.
 */
export function paysForPlanInForce(sub: Subscription | null | undefined, cardId: string): boolean {
  return Boolean(
    sub && sub.card?.id === cardId && (sub.status === 'active' || sub.status === 'pending_verification'),
  );
}

/** Why the funding card stays, and what to do instead, in the words of the remove dialog. */
export function fundingCardWords(
  sub: Subscription,
  otherCards: number,
): { message: string; details: string[] } {
  const until = sub.expiresAt ? formatDate(sub.expiresAt) : null;
  const when = !until
    ? 'is waiting for its payment on this card'
    : sub.autoRenews
      ? `renews on ${until} on this card`
      : `runs until ${until}, and renews on this card if you keep it or turn it back on`;
  return {
    message: `Your ${sub.plan.name} plan ${when}. Removing it would leave your plan with nothing to charge.`,
    details: [
      otherCards > 0
        ? 'Choose another funding card first (Account Settings → Funding), then remove this card.'
        : 'Add another card first and make it your funding card, then remove this card.',
    ],
  };
}
