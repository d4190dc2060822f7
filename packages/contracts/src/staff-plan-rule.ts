/**
 * Staff acting on a client's plan from the client page (issue 40): pause, resume and cancel, each
 * through the customer's own use case. Which of them a plan allows now is this one rule: the
 * server refuses with these words (409), and the client page disables the button and says why.
 */
export const staffPlanActions = ['pause', 'resume', 'cancel'] as const;
export type StaffPlanAction = (typeof staffPlanActions)[number];

export const staffPlanMessages = {
  paused: 'Plan paused: no $3 charges and no renewal until it is resumed. The client was emailed.',
  resumed: 'Plan resumed: the $3 charges restart on the next 28th. The client was emailed.',
  cancelled: 'Plan cancelled: it stays active until its end date and does not renew. The client was emailed.',
  noPlan: 'This client has no plan.',
  notActive: 'The plan is not active: there is nothing to pause, resume or cancel.',
  ended: 'The plan has reached its end date.',
  alreadyPaused: 'The plan is already paused.',
  notPaused: 'The plan is not paused.',
  alreadyCancelled: 'The plan is already cancelled.',
  pauseWhileCancelled: 'The plan is cancelled: it ends on its end date and cannot be paused.',
} as const;

/** What the rule reads of a plan: the client record's subscription has it, and so does the row. */
export interface PlanActionState {
  status: 'active' | 'inactive' | 'pending_verification';
  /** Epoch ms; null before the first payment. */
  expiresAt: number | null;
  cancelledAt: number | null;
  /** Epoch ms since when it is paused (the pause rule's), null when it is not. */
  pausedAt: number | null;
}

/** Why staff cannot take this action on the plan now, in their words; null when they can. */
export function planActionRefusal(
  action: StaffPlanAction,
  plan: PlanActionState | null | undefined,
  now: Date,
): string | null {
  if (!plan) return staffPlanMessages.noPlan;
  if (plan.status !== 'active' || plan.expiresAt === null) return staffPlanMessages.notActive;
  if (plan.expiresAt <= now.getTime()) return staffPlanMessages.ended;
  const paused = plan.pausedAt !== null;
  const cancelled = plan.cancelledAt !== null;
  switch (action) {
    case 'pause':
      if (paused) return staffPlanMessages.alreadyPaused;
      return cancelled ? staffPlanMessages.pauseWhileCancelled : null;
    case 'resume':
      return paused ? null : staffPlanMessages.notPaused;
    case 'cancel':
      return cancelled ? staffPlanMessages.alreadyCancelled : null;
  }
}
