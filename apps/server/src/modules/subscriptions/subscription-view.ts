import { type PlanRow, toPlanView } from '../plans/index.ts';
import type { SubscriptionRow } from './subscriptions.repo.ts';

/** The subscription as the spec's client reads it (expiresAt in epoch ms). */
export function toSubscriptionView(s: SubscriptionRow, plan: PlanRow) {
  return {
    id: s.id,
    plan: toPlanView(plan),
    card: s.card_id ? { id: s.card_id } : null,
    status: s.status,
    expiresAt: s.expires_at ? new Date(s.expires_at).getTime() : null,
    isEnabled: s.is_enabled,
  };
}

export type SubscriptionView = ReturnType<typeof toSubscriptionView>;
