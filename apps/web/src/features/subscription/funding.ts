import { formatDate } from '@pria/contracts';
import type { Subscription } from '../customer/types.ts';
import { renewalWords } from './lifecycle-words.ts';

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
  // The renewal named as it would happen: a scheduled plan change's plan and amount (ADR 40).
  const renewal = renewalWords(sub);
  const when = !until
    ? 'is waiting for its payment on this card'
    : sub.autoRenews
      ? `renews on this card: ${renewal}`
      : `runs until ${until}. If you keep it or turn it back on, it renews on this card: ${renewal}`;
  return {
    // A scheduled change renews as another plan: "Your Semi-Annual plan renews …: Annual" read as two.
    message: `Your ${sub.nextPlan ? '' : `${sub.plan.name} `}plan ${when}. Removing this card would leave your plan with nothing to charge.`,
    details: [
      otherCards > 0
        ? 'Choose another funding card first (Account settings → Payment Method → Funding card), then remove this card.'
        : 'Add another card first and make it your funding card, then remove this card.',
    ],
  };
}
