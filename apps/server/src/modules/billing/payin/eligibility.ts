import { sql } from 'kysely';
import type { Db } from '../../../platform/db.ts';
import { ATTEMPT_IN_FLIGHT, statusIn } from '../../../platform/money-status-sets.ts';
import { pausedAt, renewalDue } from '../pause-rule.ts';

/**
 * The cards owed the pay-in whose due instant is `dueAt`, everything judged as at that instant
 * (ADR 7, ADR 18), whichever run asks (scheduled, late after an outage, forced): a card on file
 * then (registered by then, not removed by then), on a subscription that existed by then, whose
 * paid period ran past it and that was not paused then. A renewal settled after the 28th (an
 * outage) therefore does not cost the card its month, and a renewal that failed after the 28th,
 * a card removed or a pause after it, does not take back a month already owed.
 * So is Charge & Pay: a card that only pays for the plan (charge_and_pay false, the
 * customer's choice at checkout) is never charged the $3. NOTE: that flag is read as it is now,
 * not as at `dueAt` (no history is kept of it; ADR 19): a forced run of a past month judges it
 * by today's choice.
 */
export const payinCards = (dueAt: Date) => sql`
    from cards c
    join subscriptions s on s.customer_id = c.customer_id
    where c.created_at <= ${dueAt}
      and c.charge_and_pay
      and (c.removed_at is null or c.removed_at > ${dueAt})
      and s.created_at <= ${dueAt}
      and s.expires_at > ${dueAt}
      and not ${pausedAt(sql.ref<string>('s.id'), dueAt)}`;

/**
 * Subscriptions whose renewal, due by the pay-in instant `dueAt`, is not settled yet (not run
 * yet, or its charge in doubt). Their cards wait for it instead of being skipped: once the
 * renewal is captured they are owed the pay-in, once it is declined they are not. A renewal not
 * run yet is one the renewal run will make (`renewalDue`, the run's own rule); one paused at its
 * end date is not waited for (it ends), nor one paused at `dueAt` (its cards are not owed).
 */
export async function countWaitingRenewals(db: Db, dueAt: Date): Promise<number> {
  const res = await sql<{ n: number }>`
    select count(*)::int as n from subscriptions s
    where not ${pausedAt(sql.ref<string>('s.id'), dueAt)} and s.created_at <= ${dueAt} and s.expires_at <= ${dueAt}
      and (${renewalDue('s', dueAt)}
           or (s.status = 'pending_verification' and exists (
                 select 1 from payment_attempts a
                 where a.subscription_id = s.id and a.kind = 'subscription' and a.initiator = 'merchant'
                   and ${statusIn('a.status', ATTEMPT_IN_FLIGHT)})))`.execute(db);
  return res.rows[0]?.n ?? 0;
}

/**
 * How many cards a pay-in of `period` forced now would charge (its preview): the cards owed it as
 * at `dueAt` with no attempt for the period yet, or only a `missed` one (a forced run sends those
 * after all: `reviveMissed`, and a closed window's unsent cards become missed first).
 */
export async function countPayinsToSend(db: Db, period: string, dueAt: Date): Promise<number> {
  const res = await sql<{ n: number }>`
    select count(*)::int as n ${payinCards(dueAt)}
      and not exists (select 1 from payment_attempts a
                      where a.card_id = c.id and a.kind = 'payin' and a.period = ${period}
                        and a.status <> 'missed')`.execute(db);
  return res.rows[0]?.n ?? 0;
}
