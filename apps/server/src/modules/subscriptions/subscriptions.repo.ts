import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { SubscriptionStatus, SubscriptionsTable } from '../../platform/db-schema.ts';
import type { PlanRow } from '../plans/index.ts';

export type SubscriptionRow = Selectable<SubscriptionsTable>;

export function findSubscriptionOfCustomer(db: Db, customerId: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
}

/** Creates the customer's (only) subscription, or points an existing inactive one at a new plan and card. */
export function upsertSubscription(
  db: Db,
  row: { customerId: string; planId: string; cardId: string; now: Date },
): Promise<SubscriptionRow> {
  return db
    .insertInto('subscriptions')
    .values({
      customer_id: row.customerId,
      plan_id: row.planId,
      card_id: row.cardId,
      status: 'inactive',
      created_at: row.now,
    })
    .onConflict((oc) =>
      oc
        .column('customer_id')
        .doUpdateSet({ plan_id: row.planId, card_id: row.cardId, updated_at: new Date() }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateSubscription(
  db: Db,
  id: string,
  changes: Partial<{
    plan_id: string;
    card_id: string | null;
    status: SubscriptionStatus;
    is_enabled: boolean;
    expires_at: Date | null;
  }>,
): Promise<SubscriptionRow> {
  return db
    .updateTable('subscriptions')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The subscription's newest charge that is still waiting for the gateway, if any. */
export function findPendingCharge(db: Db, subscriptionId: string) {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('kind', '=', 'subscription')
    .where('status', 'in', ['created', 'submitted', 'unknown', 'requires_authentication'])
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** The customer's subscription and its plan, in one round trip. */
export async function findSubscriptionWithPlan(
  db: Db,
  customerId: string,
): Promise<{ subscription: SubscriptionRow; plan: PlanRow } | undefined> {
  const row = await db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .select((eb) => [eb.fn.toJson('s').as('subscription'), eb.fn.toJson('p').as('plan')])
    .where('s.customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) return undefined;
  return subscriptionFromJson(row.subscription, row.plan);
}

/** A subscription and its plan read as `to_json(s)`, `to_json(p)`, typed as a plain select returns them. */
export function subscriptionFromJson(
  subscription: unknown,
  plan: unknown,
): { subscription: SubscriptionRow; plan: PlanRow } {
  // to_json turns timestamps into strings; the views expect what a plain select returns.
  const s = subscription as SubscriptionRow & {
    expires_at: string | null;
    created_at: string;
    updated_at: string;
  };
  return {
    subscription: {
      ...s,
      expires_at: s.expires_at ? new Date(s.expires_at) : null,
      created_at: new Date(s.created_at),
      updated_at: new Date(s.updated_at),
    },
    plan: plan as PlanRow,
  };
}
