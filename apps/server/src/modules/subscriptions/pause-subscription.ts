import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { nextPayinDueAt, renewsAt } from '../billing/index.ts';
import { sendCustomerNotice } from '../notifications/index.ts';
import type { PlanRow } from '../plans/index.ts';
import { renewalTerms } from './renewal-terms.ts';
import { pauseWhileCancelled } from './subscription-errors.ts';
import { findPauseState, noticeCard, type SubscriptionRow } from './subscriptions.repo.ts';

/** A pause or resume asked for: of which plan, when, by whom. */
interface PauseChange {
  subscription: SubscriptionRow;
  plan: PlanRow;
  paused: boolean;
  at: Date;
  by: string;
  /** Pria's staff, from the client page: the email says so. */
  byStaff?: boolean;
  publicUrl: string;
}

/**
 * Moves the pause switch to `paused`, with the subscription row locked by the caller's
 * transaction: the switch as it stands is the pause rows' (billing's pause rule), read under that
 * lock so two requests at once see each other; the same state again records nothing. Answers
 * whether it moved. The customer's PUT /subscriptions/{id} and staff's pause and resume (issue
 * 40) both go through it.
 */
export async function switchPause(tx: Db, r: PauseChange): Promise<boolean> {
  const wasPaused = (await findPauseState(tx, r.subscription.id)).since !== null;
  if (r.paused === wasPaused) return false;
  // A cancelled plan runs to its end date and stops: it is not paused (planActionRefusal's rule,
  // which the screens and staff's routes ask first). A paused one that was cancelled may resume.
  if (r.paused && r.subscription.status === 'active' && r.subscription.cancelled_at !== null)
    throw pauseWhileCancelled();
  await recordPauseChange(tx, r);
  return true;
}

/**
 * Pause and resume (ADR 18: pause means one thing). While paused, no card is charged the monthly
 * $3 (the money engine judges "paused?" as at each 28th's due instant, from these rows) and the
 * plan does not renew: still paused at its end date, it ends. Charges already made are paid back
 * as usual. Resuming before the end date brings back the next 28th's charge and the renewal.
 * Each change is recorded with when (the engine's clock) and who, and confirmed by email.
 */
export async function recordPauseChange(tx: Db, r: PauseChange): Promise<void> {
  const { subscription: s, plan, at } = r;
  if (r.paused) {
    await tx
      .insertInto('subscription_pauses')
      .values({ subscription_id: s.id, paused_at: at, paused_by: r.by })
      .onConflict((oc) => oc.column('subscription_id').where('resumed_at', 'is', null).doNothing())
      .execute();
  } else {
    await tx
      .updateTable('subscription_pauses')
      .set({ resumed_at: sql`greatest(paused_at, ${at}::timestamptz)`, resumed_by: r.by })
      .where('subscription_id', '=', s.id)
      .where('resumed_at', 'is', null)
      .execute();
  }
  const verb = r.paused ? 'paused' : 'resumed';
  await tx
    .insertInto('event_log')
    .values({
      stream: 'subscriptions',
      message: `Charge & Pay ${verb} by ${r.by}`,
      actor: r.by,
      data: JSON.stringify({ subscriptionId: s.id, customerId: s.customer_id, at: at.toISOString() }),
    })
    .execute();
  // Only an active plan has charges and a renewal to tell about.
  if (s.status !== 'active' || !s.expires_at) return;
  const endsAt = new Date(s.expires_at).toISOString();
  // Whether it renews is the engine's question, asked as the engine will ask it (at the end
  // date): a resume after an end date that was paused does not bring that renewal back.
  const renews = r.paused
    ? false
    : ((
        await sql<{ renews: boolean }>`
          select ${renewsAt('s', sql.ref<Date>('s.expires_at'))} as renews from subscriptions s where s.id = ${s.id}`.execute(
          tx,
        )
      ).rows[0]?.renews ?? false);
  const nextChargeAt = nextPayinDueAt(at);
  // Back on and renewing: which plan the renewal starts and what it charges (issue 40: a plan
  // change scheduled for the renewal went unsaid), in the words "Keep my subscription" uses.
  const renewal = renews ? await renewalTerms(tx, s, plan) : null;
  const card = renews ? await noticeCard(tx, s.card_id) : null;
  await sendCustomerNotice(
    tx,
    {
      data: r.paused
        ? {
            type: 'subscription.paused',
            ...(r.byStaff ? { byPria: true } : {}),
            planName: plan.name,
            endsAt,
            nextChargeAt: nextChargeAt.toISOString(),
          }
        : {
            type: 'subscription.unpaused',
            ...(r.byStaff ? { byPria: true } : {}),
            planName: plan.name,
            renewsAt: renews ? endsAt : null,
            ...(renewal
              ? { renewsAsPlanName: renewal.nextPlan?.name ?? null, amountCents: renewal.amountCents, card }
              : {}),
            endsAt,
            ...(!renews && !s.cancelled_at ? { endedWhilePaused: true } : {}),
            nextChargeAt: nextChargeAt < new Date(s.expires_at) ? nextChargeAt.toISOString() : null,
          },
      dedupeKey: `subscription.${r.paused ? 'paused' : 'unpaused'}:${s.id}:${at.toISOString()}`,
      customerId: s.customer_id,
      subscriptionId: s.id,
    },
    { publicUrl: r.publicUrl },
  );
}
