import { type BillingRunDetail, type BillingRunProgress, messages } from '@pria/contracts';

/** A billing run as POST (202) answers it; GET /billing/runs/{id} adds when it started and finished. */
export type BillingRun = BillingRunProgress & Partial<Pick<BillingRunDetail, 'startedAt' | 'finishedAt'>>;
export type RunKind = BillingRun['kind'];

interface RunKindInfo {
  /** The sidebar button. */
  button: string;
  /** Shown on the progress card. */
  title: string;
  endpoint:
    | '/api/v1/payin-payout/payin'
    | '/api/v1/payin-payout/payout'
    | '/api/v1/subscriptions/authorize-and-capture-payments';
  success: string;
  failure: string;
}

/**
 * The three forced runs of the admin sidebar, with the spec's toasts (§8); each asks first in the
 * words of its preview (preview-words.ts).
 */
export const runKinds: Record<RunKind, RunKindInfo> = {
  payin: {
    button: 'Transaction Pay In',
    title: 'Pay-in run',
    endpoint: '/api/v1/payin-payout/payin',
    success: messages.payinForced,
    failure: messages.payinFailed,
  },
  payout: {
    button: 'Payout',
    title: 'Payout run',
    endpoint: '/api/v1/payin-payout/payout',
    success: messages.payoutForced,
    failure: messages.payoutFailed,
  },
  subscriptions: {
    button: 'Subscription Pay In',
    title: 'Subscription pay-in run',
    endpoint: '/api/v1/subscriptions/authorize-and-capture-payments',
    success: messages.subscriptionsForced,
    // A subscription run is a pay-in: the spec's pay-in failure words.
    failure: messages.payinFailed,
  },
};

export const runKindOrder: RunKind[] = ['payin', 'payout', 'subscriptions'];
