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
