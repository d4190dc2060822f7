import type { SubscriptionView } from '@pria/contracts';
import { type PlanRow, toPlanView } from '../plans/index.ts';
import type { PauseState, SubscriptionRow } from './subscriptions.repo.ts';

const ms = (d: Date | null) => (d ? new Date(d).getTime() : null);

/**
 * The subscription as the spec's client reads it (expiresAt in epoch ms), plus what the lifecycle
 * adds: whether it renews on its own (`autoRenews`), when and by whom it was cancelled, when it
 * ends if it does not renew, and (for the views that read it) the plan its next renewal starts
 * (ADR 40). Paused or not and renews or not are the pause rule's only (`pause`, read with the
 * row: `findPauseState`, billing's `pauseState`), never worked out here.
 */
export function toSubscriptionView(
  s: SubscriptionRow,
  plan: PlanRow,
  more: {
    pause: PauseState;
    nextPlan?: PlanRow | null;
    periodPlan?: { id: string; name: string } | null;
  },
): SubscriptionView {
  const autoRenews = more.pause.renews;
  return {
    id: s.id,
    plan: toPlanView(plan),
    card: s.card_id ? { id: s.card_id } : null,
    status: s.status,
    expiresAt: ms(s.expires_at),
    isEnabled: more.pause.since === null,
    autoRenews,
    /** The end date when it will not renew (cancelled or paused), else null. */
    endsAt: !autoRenews && s.status === 'active' ? ms(s.expires_at) : null,
    cancelledAt: ms(s.cancelled_at),
    cancelledBy: s.cancelled_by,
    /** Paused since (epoch ms): no $3 charges and no renewal while paused (ADR 18); null when not paused. */
    pausedAt: ms(more.pause.since),
    // Where it was read (the customer record); the subscription calls' answers leave it out.
    ...(more.periodPlan !== undefined && { periodPlan: more.periodPlan }),
    ...('nextPlan' in more
      ? { nextPlan: more.nextPlan && s.next_plan_id === more.nextPlan.id ? toPlanView(more.nextPlan) : null }
      : {}),
  };
}

export type { SubscriptionView };
