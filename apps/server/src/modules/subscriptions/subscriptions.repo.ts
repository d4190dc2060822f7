import { type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { SubscriptionStatus, SubscriptionsTable } from '../../platform/db-schema.ts';
import { ATTEMPT_NOT_THROUGH, ATTEMPT_UNRESOLVED } from '../../platform/money-status-sets.ts';
import { chargedAt, pauseState } from '../billing/index.ts';
import type { PlanRow } from '../plans/index.ts';

export type SubscriptionRow = Selectable<SubscriptionsTable>;

export function findSubscription(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findSubscriptionOfCustomer(db: Db, customerId: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
}

/** The customer's (only) subscription row, created (inactive, on this plan and card) if there is none. */
export function ensureSubscription(
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
    .onConflict((oc) => oc.column('customer_id').doUpdateSet({ updated_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A plan bought again (checkout, or "Pay now" on an inactive plan) starts a subscription that
 * renews, as the checkout's terms say (issue 29): on the plan and card chosen, with no pending
 * plan change, no cancellation and no pause left from the period that ended. It waits for its
 * charge's answer (Pending Verification) from before the charge is sent, so an answer the call
 * loses, or a process that dies mid-call, leaves it waiting for the settle step (ADR 47). Only a
 * subscription that is inactive changes (one in force is never bought again); undefined otherwise.
 */
export async function startOver(
  tx: Db,
  id: string,
  r: { planId: string; cardId: string; at: Date; by: string },
): Promise<SubscriptionRow | undefined> {
  const row = await tx
    .updateTable('subscriptions')
    .set({
      plan_id: r.planId,
      card_id: r.cardId,
      next_plan_id: null,
      cancelled_at: null,
      cancelled_by: null,
      status: 'pending_verification',
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('status', '=', 'inactive')
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  await tx
    .updateTable('subscription_pauses')
    .set({ resumed_at: sql`greatest(paused_at, ${r.at}::timestamptz)`, resumed_by: r.by })
    .where('subscription_id', '=', id)
    .where('resumed_at', 'is', null)
    .execute();
  return row;
}

/** The funding card as a notice names it (brand and last four stay on a removed card). */
export async function noticeCard(
  db: Db,
  cardId: string | null,
): Promise<{ brand: string; lastFour: string } | null> {
  if (!cardId) return null;
  const c = await db
    .selectFrom('cards')
    .select(['brand', 'last_four'])
    .where('id', '=', cardId)
    .executeTakeFirst();
  return c ? { brand: c.brand, lastFour: c.last_four } : null;
}

/**
 * The plan in force (active, or waiting for its payment) that `cardId` pays for, the
 * subscription row locked (FOR UPDATE) so a funding change in flight and a card's removal wait for
 * each other; undefined when the card funds no plan in force.
 */
export function lockPlanFundedBy(db: Db, customerId: string, cardId: string) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .select(['s.id', 's.status', 's.expires_at', 'p.name as plan_name'])
    .where('s.customer_id', '=', customerId)
    .where('s.card_id', '=', cardId)
    .where('s.status', 'in', ['active', 'pending_verification'])
    .forUpdate('s')
    .executeTakeFirst();
}

/** The customer's subscription with its plan's name, as the deletion email names it. */
export function findPlanInForce(db: Db, customerId: string) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .select(['s.status', 's.expires_at', 'p.name as plan_name'])
    .where('s.customer_id', '=', customerId)
    .executeTakeFirst();
}

/** Schedules (or, with null, calls off) the plan the next renewal starts (ADR 40). */
export function setNextPlan(db: Db, id: string, nextPlanId: string | null): Promise<SubscriptionRow> {
  return db
    .updateTable('subscriptions')
    .set({ next_plan_id: nextPlanId, updated_at: new Date() })
    .where('id', '=', id)
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

/** A subscription waiting for its plan charge's answer takes that answer; any other is left as it is. */
export async function updateWaitingSubscription(
  db: Db,
  id: string,
  status: SubscriptionStatus,
): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ status, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending_verification')
    .execute();
}

/** The subscription's newest charge that is still waiting for the gateway, if any. */
export function findPendingCharge(db: Db, subscriptionId: string) {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('kind', '=', 'subscription')
    .where('status', 'in', ATTEMPT_UNRESOLVED)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/**
 * What the pause rule (billing's pause-rule.ts, ADR 18) says of a subscription, read with it:
 * the only source of the views' `isEnabled`, `pausedAt` and `autoRenews`.
 */
export interface PauseState {
  /** When the pause in force as the switch stands began; null: not paused (isEnabled). */
  since: Date | null;
  /** It renews at its end date, judged as at that instant as the renewal run will judge it. */
  renews: boolean;
}

/** The plan a period was paid on (the plan charge's), as `periodPlan` reads it. */
export interface PeriodPlan {
  id: string;
  name: string;
}

/**
 * The customer's subscription and its plan, in one round trip, with the plan its latest paid
 * period was bought on (a plan change applies from the next renewal, so `plan` may differ).
 */
export async function findSubscriptionWithPlan(
  db: Db,
  customerId: string,
): Promise<
  | {
      subscription: SubscriptionRow;
      plan: PlanRow;
      nextPlan: PlanRow | null;
      pause: PauseState;
      periodPlan: PeriodPlan | null;
    }
  | undefined
> {
  const row = await db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .leftJoin('plans as n', 'n.id', 's.next_plan_id')
    .select((eb) => [
      eb.fn.toJson('s').as('subscription'),
      eb.fn.toJson('p').as('plan'),
      sql<PlanRow | null>`case when n.id is null then null else to_json(n) end`.as('next_plan'),
      pauseState('s').since.as('paused_since'),
      pauseState('s').renews.as('renews'),
      // The latest captured plan charge, by its period (unique per subscription), read along
      // payment_attempts_subscription_once.
      eb
        .selectFrom('payment_attempts as a')
        .innerJoin('plans as q', 'q.id', 'a.plan_id')
        .select(sql<PeriodPlan>`json_build_object('id', q.id, 'name', q.name)`.as('plan'))
        .whereRef('a.subscription_id', '=', 's.id')
        .where('a.kind', '=', 'subscription')
        .where('a.status', '=', 'captured')
        .orderBy('a.period', 'desc')
        .limit(1)
        .as('period_plan'),
    ])
    .where('s.customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...subscriptionFromJson(row.subscription, row.plan),
    nextPlan: row.next_plan ?? null,
    pause: { since: row.paused_since ?? null, renews: row.renews },
    periodPlan: row.period_plan ?? null,
  };
}

/** The subscription's PauseState now (after the caller's own changes, in its transaction). */
export async function findPauseState(db: Db, subscriptionId: string): Promise<PauseState> {
  const pause = pauseState('s');
  const row = await sql<{ paused_since: Date | null; renews: boolean }>`
    select ${pause.since} as paused_since, ${pause.renews} as renews
    from subscriptions s where s.id = ${subscriptionId}`.execute(db);
  return { since: row.rows[0]?.paused_since ?? null, renews: row.rows[0]?.renews ?? false };
}

/** The subscription's cards will be charged the pay-in due at `dueAt` (to come), as things stand. */
export async function isChargedAt(db: Db, subscriptionId: string, dueAt: Date): Promise<boolean> {
  const row = await sql<{ charged: boolean }>`
    select ${chargedAt('s', dueAt)} as charged from subscriptions s where s.id = ${subscriptionId}`.execute(
    db,
  );
  return row.rows[0]?.charged ?? false;
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

/**
 * Cancels online: no renewal, active until its end date. Only an active, not yet cancelled
 * subscription whose period has not ended changes; undefined otherwise (nothing changed).
 */
export function markCancelled(db: Db, id: string, r: { at: Date; by: string }) {
  return db
    .updateTable('subscriptions')
    .set({ cancelled_at: r.at, cancelled_by: r.by, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('cancelled_at', 'is', null)
    .where('expires_at', '>', r.at)
    .returningAll()
    .executeTakeFirst();
}

/** "Keep my subscription": undoes a cancellation before the end date; undefined otherwise. */
export function clearCancellation(db: Db, id: string, at: Date) {
  return db
    .updateTable('subscriptions')
    .set({ cancelled_at: null, cancelled_by: null, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('cancelled_at', 'is not', null)
    .where('expires_at', '>', at)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Why an inactive subscription is inactive: its newest plan charge that did not go through, if
 * any: declined (the issuer's words), or missed (a checkout with no answer in its window, ADR 47).
 */
export function findLastDecline(db: Db, subscriptionId: string) {
  return db
    .selectFrom('payment_attempts')
    .select(['decline_reason', 'updated_at', 'initiator'])
    .where('subscription_id', '=', subscriptionId)
    .where('kind', '=', 'subscription')
    .where('status', 'in', ATTEMPT_NOT_THROUGH)
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A refund that ended the subscription's plan, the newest (inactive since then unless bought again). */
export function findEndingRefund(db: Db, subscriptionId: string) {
  return db
    .selectFrom('refunds as f')
    .innerJoin('payment_attempts as a', 'a.id', 'f.attempt_id')
    .select(['f.plan_ended_at', 'f.amount_cents'])
    .where('a.subscription_id', '=', subscriptionId)
    .where('f.plan_ended_at', 'is not', null)
    .orderBy('f.plan_ended_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The money event of a checkout's captured charge (its email carries the receipt), once. */
export async function recordSubscriptionStarted(
  db: Db,
  attempt: {
    id: string;
    customer_id: string;
    card_id: string;
    amount_cents: number;
    settled_at: Date;
  },
): Promise<void> {
  await db
    .insertInto('money_events')
    .values({
      type: 'subscription.started',
      dedupe_key: `subscription.started:${attempt.id}`,
      customer_id: attempt.customer_id,
      card_id: attempt.card_id,
      amount_cents: attempt.amount_cents,
      reason: null,
      attempt_id: attempt.id,
      // When the charge was captured by the engine's clock (the database's clock in updated_at
      // is another calendar when the app's clock is shifted).
      occurred_at: attempt.settled_at,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/**
 * The receipt number of a captured plan charge (the receipts trigger numbers it in the same
 * transaction as the capture), for the checkout's confirmation; undefined when not captured.
 * NOTE: reads the documents module's receipts table, as the activity list does.
 */
export async function findReceiptNumber(db: Db, attemptId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('receipts')
    .select('number')
    .where('attempt_id', '=', attemptId)
    .executeTakeFirst();
  return row ? Number(row.number) : undefined;
}

/** Whether a customer row has this id (staff's reads of a client: an unknown id is 404). */
export async function customerExists(db: Db, customerId: string): Promise<boolean> {
  const row = await db.selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirst();
  return row !== undefined;
}
