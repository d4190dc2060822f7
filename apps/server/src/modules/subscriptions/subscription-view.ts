import type { SubscriptionView } from '@pria/contracts';
import { renews } from '../billing/index.ts';
import { type PlanRow, toPlanView } from '../plans/index.ts';
import type { SubscriptionRow } from './subscriptions.repo.ts';

const ms = (d: Date | null) => (d ? new Date(d).getTime() : null);

/**
 * The subscription as the spec's client reads it (expiresAt in epoch ms), plus what the lifecycle
 * adds: whether it renews on its own (`autoRenews`: the pause rule's `renews`, with the switch as
 * it stands), when and by whom it was cancelled, when it ends if it does not renew, and (for the
 * views that read it) the plan its next renewal starts (ADR 40). `pausedAt` is the pause in force
 * as the switch stands (`pausedSince(…, AS_IT_STANDS)`, null: not paused): the only source of
 * `isEnabled`.
 */
export function toSubscriptionView(
  s: SubscriptionRow,
  plan: PlanRow,
  more: {
    pausedAt: Date | null;
    nextPlan?: PlanRow | null;
    periodPlan?: { id: string; name: string } | null;
  },
): SubscriptionView {
  const paused = more.pausedAt !== null;
  const autoRenews = renews(s, more.pausedAt);
  return {
    id: s.id,
    plan: toPlanView(plan),
    card: s.card_id ? { id: s.card_id } : null,
    status: s.status,
    expiresAt: ms(s.expires_at),
    isEnabled: !paused,
    autoRenews,
    /** The end date when it will not renew (cancelled or paused), else null. */
    endsAt: !autoRenews && s.status === 'active' ? ms(s.expires_at) : null,
    cancelledAt: ms(s.cancelled_at),
    cancelledBy: s.cancelled_by,
    /** Paused since (epoch ms): no $3 charges and no renewal while paused (ADR 18); null when not paused. */
    pausedAt: ms(more.pausedAt),
    // Where it was read (the customer record); the subscription calls' answers leave it out.
    ...(more.periodPlan !== undefined && { periodPlan: more.periodPlan }),
    ...('nextPlan' in more
      ? { nextPlan: more.nextPlan && s.next_plan_id === more.nextPlan.id ? toPlanView(more.nextPlan) : null }
      : {}),
  };
}

export type { SubscriptionView };
