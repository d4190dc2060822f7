import { formatDate } from './calendar.ts';

// No zod here: the admin screens read these without loading the schemas beside them, so the
// browser carries no classic zod (ADR 88's addendum).

/** A plan's state in the upcoming schedule (lifecycle.ts's `upcomingSchedule.state`). */
export const planStates = [
  'active',
  'cancelled',
  'paused',
  'inactive',
  'pending_verification',
  'none',
] as const;
export type PlanState = (typeof planStates)[number];

/**
 * A plan's state in words (a badge's "Paused", "Cancelled — ends Jun 1, 2027"): the schedule's
 * own `state` and `endsAt`, the engine's reading of the plan, so a screen never works it out
 * again (issue 40's walk: a paused or cancelled plan's header said "ACTIVE" from `status`).
 * An inactive plan has ended: its renewal was declined, a refund or the account's deletion ended
 * it, or it reached its end date cancelled or paused.
 */
export function planStateWords(u: { state: PlanState; endsAt: string | null }): string {
  switch (u.state) {
    case 'active':
      return 'Active';
    case 'paused':
      return 'Paused';
    case 'cancelled':
      return u.endsAt ? `Cancelled — ends ${formatDate(u.endsAt, 'medium')}` : 'Cancelled';
    case 'inactive':
      return 'Ended';
    case 'pending_verification':
      return 'Pending verification';
    case 'none':
      return 'No plan';
  }
}
