import { cents, totalWithTax } from '@pria/contracts';
import type { Db } from '../../platform/db.ts';
import { sendCustomerNotice } from '../notifications/index.ts';
import type { PlanRow } from '../plans/index.ts';
import { planChangeWhileCancelled } from './subscription-errors.ts';
import { noticeCard, type SubscriptionRow, setNextPlan } from './subscriptions.repo.ts';

/**
 * A plan change on a plan that is paid for (ADR 40): nothing is charged today; the plan paid for
 * stays in force until its end date, and the renewal then charges and starts the chosen plan.
 * Choosing the plan in force again calls a scheduled change off. Recorded (event log) and told by
 * email in the caller's transaction. A cancelled plan does not renew, so it has nothing to change:
 * the customer keeps the subscription first.
 */
export async function schedulePlanChange(
  tx: Db,
  r: {
    subscription: SubscriptionRow;
    current: PlanRow;
    chosen: PlanRow;
    /** The plan already scheduled, if any (to name the change called off). */
    scheduled: PlanRow | null;
    /** Paused as the switch stands (after the same request's pause or resume): told in the email. */
    paused: boolean;
    at: Date;
    by: string;
    publicUrl: string;
  },
): Promise<SubscriptionRow> {
  const { subscription: s, current, chosen } = r;
  const next = chosen.id === current.id ? null : chosen.id;
  if (next === s.next_plan_id) return s;
  if (s.cancelled_at) throw planChangeWhileCancelled();
  const row = await setNextPlan(tx, s.id, next);
  const changesAt = s.expires_at ? new Date(s.expires_at).toISOString() : null;
  await tx
    .insertInto('event_log')
    .values({
      stream: 'subscriptions',
      message: next
        ? `Plan change to ${chosen.name} scheduled by ${r.by} for ${changesAt ?? 'the next renewal'}`
        : `Plan change to ${r.scheduled?.name ?? 'another plan'} called off by ${r.by}`,
      actor: r.by,
      data: JSON.stringify({
        subscriptionId: s.id,
        customerId: s.customer_id,
        from: current.id,
        to: chosen.id,
      }),
    })
    .execute();
  const card = await noticeCard(tx, s.card_id);
  if (changesAt) {
    await sendCustomerNotice(
      tx,
      {
        data: {
          type: 'subscription.plan_changed',
          planName: current.name,
          nextPlanName: next ? chosen.name : null,
          calledOffPlanName: next ? null : (r.scheduled?.name ?? null),
          amountCents: totalWithTax(cents(chosen.price_cents), chosen.tax_basis_points),
          intervalCount: chosen.interval_count,
          changesAt,
          paused: r.paused,
          card,
        },
        dedupeKey: `subscription.plan_changed:${s.id}:${next ?? current.id}:${r.at.toISOString()}`,
        customerId: s.customer_id,
        subscriptionId: s.id,
      },
      { publicUrl: r.publicUrl },
    );
  }
  return row;
}
