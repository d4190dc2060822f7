import { type ForcedRunPreview, MONTHLY_CHARGE } from '@pria/contracts';
import type { RunKind } from '../../../platform/db-schema.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { payinDueAt } from '../billing-schedule.ts';
import { previewPayouts } from '../payback/payouts.repo.ts';
import { countPayinsToSend, countWaitingRenewals } from '../payin/eligibility.ts';
import { periodToForce } from './force-run.ts';

/**
 * What forcing a run would do now, said before staff confirm it (issue 40: "every forced run
 * shows a preview first — which month, how many cards, what total"). The period is chosen and
 * checked by forcing's own rule, so a run that may not be forced is refused here with the same
 * 400 or 409; the counts are what the run would find now. A preview, not a promise: a card
 * removed or a renewal settled before the confirmation changes what the run then sends.
 */
export async function previewForcedRun(
  deps: BillingDeps,
  r: { kind: RunKind; period?: string },
): Promise<ForcedRunPreview> {
  const now = deps.clock.now();
  const period = await periodToForce(deps, r.kind, r.period, now);
  if (r.kind === 'payin') {
    const dueAt = payinDueAt(period);
    const cards = await countPayinsToSend(deps.db, period, dueAt);
    return {
      kind: 'payin',
      period,
      count: cards,
      cards,
      totalCents: cards * MONTHLY_CHARGE,
      waitingRenewals: await countWaitingRenewals(deps.db, dueAt),
    };
  }
  if (r.kind === 'payout') {
    const owed = await previewPayouts(deps.db, period, now);
    return {
      kind: 'payout',
      period,
      count: owed.count,
      cards: owed.cards,
      totalCents: owed.cents,
      waitingRenewals: 0,
    };
  }
  const renewals = await deps.subscriptions.renewalsDue(deps.db, now);
  return {
    kind: 'subscriptions',
    period,
    count: renewals.length,
    cards: new Set(renewals.map((x) => x.cardId)).size,
    totalCents: renewals.reduce((sum, x) => sum + x.amountCents, 0),
    waitingRenewals: 0,
  };
}
