// No zod here: the admin screens read these without loading the schemas beside them, so the
// browser carries no classic zod (ADR 88's addendum).

/** The spec's default activity window: the last 180 days. */
export const ACTIVITY_WINDOW_MS = 15_552_000_000;

export const activityKinds = ['charge', 'payment', 'refund'] as const;

/** What a row is, in the Type column staff read (issue 29: a refund was listed as "Charge"). */
export const activityTypeLabels: Record<(typeof activityKinds)[number], string> = {
  charge: 'Charge',
  payment: 'Pay-back',
  refund: 'Refund',
};
