import type { RunStrategy } from '../billing-deps.ts';
import { countOpenAttempts, countRunWork } from '../payin/charges.repo.ts';
import { drainCharges } from '../payin/drain-charges.ts';
import { materializeRenewals } from './renewals.repo.ts';

/**
 * The plans that renew on a New York day. Which plans renew, for how much and until when is the
 * subscriptions module's to say (`SubscriptionEffects`); the run writes one `created` attempt per
 * renewal up front and sends them like any charge, then reports each outcome back.
 */
export const renewalRun: RunStrategy = {
  async open(deps, run, r) {
    await deps.subscriptions.expireUnrenewable(deps.db, r.asOf);
    await materializeRenewals(deps.db, run.id, r.asOf, await deps.subscriptions.renewalsDue(deps.db, r.asOf));
    return countRunWork(deps.db, run.id);
  },

  async drain(deps, run) {
    await drainCharges(deps, run, async () => null);
    return 0;
  },

  countOpen: (deps, run) => countOpenAttempts(deps.db, run.id),
};
