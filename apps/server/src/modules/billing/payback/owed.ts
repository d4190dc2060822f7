import { sql } from 'kysely';
import type { Db } from '../../../platform/db.ts';
import { latestDuePayin, payinDueAt, payinWindowClosesAt, payoutDueAt } from '../billing-schedule.ts';
import { payinCards } from '../payin/eligibility.ts';

/** A pay-in on the card in flight, or captured and not yet paid back. */
const unsettledPayin = sql<boolean>`
  a.kind = 'payin'
  and (a.status in ('created', 'submitted', 'unknown')
       or (a.status = 'captured' and (p.id is null or p.status <> 'paid')))`;

/**
 * True while Pria may still owe this card money or a charge: a pay-in on it that is in flight,
 * or captured and not yet paid back; or, at `now`, this month's $3 that is due (the card was owed
 * it as at the 28th's due instant) and not sent yet. Its processor instrument must live until
 * then, or the charge and its pay-back on the 2nd would have nowhere to go.
 */
export async function moneyOwedToCard(db: Db, cardId: string, now: Date): Promise<boolean> {
  const r = await sql<{ owed: boolean }>`
    select exists (
      select 1 from payment_attempts a
      left join payouts p on p.attempt_id = a.id
      where a.card_id = ${cardId} and ${unsettledPayin}
    ) as owed`.execute(db);
  return (r.rows[0]?.owed ?? false) || (await payinDueNotSent(db, cardId, now));
}

/** The latest due month's $3 is owed to the card (as at its due instant) and not written yet. */
async function payinDueNotSent(db: Db, cardId: string, now: Date): Promise<boolean> {
  const period = latestDuePayin(now);
  if (now >= payinWindowClosesAt(period)) return false;
  const r = await sql<{ owed: boolean }>`
    select exists (
      select 1 ${payinCards(payinDueAt(period))} and c.id = ${cardId}
        and not exists (select 1 from payment_attempts a
                        where a.card_id = c.id and a.kind = 'payin' and a.period = ${period})
    ) as owed`.execute(db);
  return r.rows[0]?.owed ?? false;
}

/** True while the customer has any card Pria still owes money to (blocks account deletion). */
export async function moneyOwedToCustomer(db: Db, customerId: string): Promise<boolean> {
  const r = await sql<{ owed: boolean }>`
    select exists (
      select 1 from payment_attempts a
      left join payouts p on p.attempt_id = a.id
      where a.customer_id = ${customerId} and ${unsettledPayin}
    ) as owed`.execute(db);
  return r.rows[0]?.owed ?? false;
}

/** A $3 charge captured and not paid back yet: when its pay-back is due, and to which card. */
export interface PayBackOwed {
  period: string;
  /** The 2nd after the charge, 4pm New York (the engine's schedule). */
  dueAt: Date;
  amountCents: number;
  /** The card it goes to: the one charged, or the one staff sent a returned pay-back to. */
  cardId: string;
  /** 'returned': the card could not take it and it waits for staff to send it to another card. */
  returned: boolean;
}

/**
 * The customer's $3 charges still to be paid back (the dashboard's Upcoming panel): captured,
 * without a paid pay-back, and not withheld by a dispute (the bank returns a disputed charge
 * itself). Oldest first.
 */
export async function payBacksOwed(db: Db, customerId: string): Promise<PayBackOwed[]> {
  const r = await sql<{ period: string; amount_cents: number; card_id: string; status: string | null }>`
    select a.period, a.amount_cents, coalesce(p.paid_to_card_id, a.card_id) as card_id, p.status
    from payment_attempts a
    left join payouts p on p.attempt_id = a.id
    where a.customer_id = ${customerId} and a.kind = 'payin' and a.status = 'captured'
      and (p.id is null or p.status not in ('paid', 'withheld'))
      and not exists (select 1 from disputes d where d.attempt_id = a.id and d.status in ('open', 'lost'))
    order by a.period, a.card_id`.execute(db);
  return r.rows.map((row) => ({
    period: row.period,
    dueAt: payoutDueAt(row.period),
    amountCents: Number(row.amount_cents),
    cardId: row.card_id,
    returned: row.status === 'returned',
  }));
}
