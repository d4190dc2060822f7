import type { SubscriptionView } from '@pria/contracts';
import { type PlanRow, toPlanView } from '../plans/index.ts';
import type { SubscriptionRow } from './subscriptions.repo.ts';

const ms = (d: Date | null) => (d ? new Date(d).getTime() : null);

/**
 * The subscription as the spec's client reads it (expiresAt in epoch ms), plus what the lifecycle
 * adds: whether it renews on its own (`autoRenews`: active, not paused, not cancelled), when and by
 * whom it was cancelled, and when it ends if it does not renew.
 */
export function toSubscriptionView(
  s: SubscriptionRow,
  plan: PlanRow,
  extra?: { pausedAt: Date | null; periodPlan?: { id: string; name: string } | null },
): SubscriptionView {
  const autoRenews = s.status === 'active' && s.is_enabled && !s.cancelled_at;
  return {
    id: s.id,
    plan: toPlanView(plan),
    card: s.card_id ? { id: s.card_id } : null,
    status: s.status,
    expiresAt: ms(s.expires_at),
    isEnabled: s.is_enabled,
    autoRenews,
    /** The end date when it will not renew (cancelled or paused), else null. */
    endsAt: !autoRenews && s.status === 'active' ? ms(s.expires_at) : null,
    cancelledAt: ms(s.cancelled_at),
    cancelledBy: s.cancelled_by,
    /** Paused since (epoch ms): no $3 charges and no renewal while paused (ADR 18); null when not paused. */
    pausedAt: s.is_enabled ? null : ms(extra?.pausedAt ?? null),
    // Where it was read (the customer record); the subscription calls' answers leave it out.
    ...(extra?.periodPlan !== undefined && { periodPlan: extra.periodPlan }),
  };
}

export type { SubscriptionView };
