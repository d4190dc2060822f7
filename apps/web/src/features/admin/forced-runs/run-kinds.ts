import { messages } from '@pria/contracts';

export type RunKind = 'payin' | 'payout' | 'subscriptions';

/** A billing run as POST (202) and GET /billing/runs/{id} answer it. */
export interface BillingRun {
  id: string;
  kind: RunKind;
  period: string;
  status: 'running' | 'completed' | string;
  total: number;
  done: number;
  failed: number;
  /** Pay-in: cards not charged because the period's window closed while Pria was unavailable. */
  missed?: number;
  startedAt?: string | null;
  finishedAt?: string | null;
}

interface RunKindInfo {
  /** The sidebar button. */
  button: string;
  /** Shown on the progress card. */
  title: string;
  endpoint: string;
  confirm: string;
  success: string;
  failure: string;
}

/** The three forced runs of the admin sidebar, with the spec's prompts and toasts (§8). */
export const runKinds: Record<RunKind, RunKindInfo> = {
  payin: {
    button: 'Transaction Pay In',
    title: 'Pay-in run',
    endpoint: '/api/v1/payin-payout/payin',
    confirm: messages.payinConfirm,
    success: messages.payinForced,
    failure: messages.payinFailed,
  },
  payout: {
    button: 'Payout',
    title: 'Payout run',
    endpoint: '/api/v1/payin-payout/payout',
    confirm: messages.payoutConfirm,
    success: messages.payoutForced,
    failure: messages.payoutFailed,
  },
  subscriptions: {
    button: 'Subscription Pay In',
    title: 'Subscription pay-in run',
    endpoint: '/api/v1/subscriptions/authorize-and-capture-payments',
    confirm: messages.subscriptionPayinConfirm,
    success: messages.subscriptionsForced,
    // A subscription run is a pay-in: the spec's pay-in failure words.
    failure: messages.payinFailed,
  },
};

export const runKindOrder: RunKind[] = ['payin', 'payout', 'subscriptions'];
