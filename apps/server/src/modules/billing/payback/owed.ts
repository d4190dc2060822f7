import { sql } from 'kysely';
import type { Db } from '../../../platform/db.ts';
import { latestDuePayin, payinDueAt, payinWindowClosesAt, payoutDueAt } from '../billing-schedule.ts';
import { moneyMayBeOwedSql, paybackOwedSql } from '../owed-rule.ts';
import { payinCards } from '../payin/eligibility.ts';

/**
 * True while Pria may still owe this card money or a charge: a pay-in on it that may still move
 * money (`moneyMayBeOwed`: in flight, or captured and its pay-back may still be owed); or, at
 * `now`, this month's $3 that is due (the card was owed it as at the 28th's due instant) and not
 * sent yet. Its processor instrument must live until then, or the charge and its pay-back on the
 * 2nd would have nowhere to go.
 */
export async function moneyOwedToCard(db: Db, cardId: string, now: Date): Promise<boolean> {
  const r = await sql<{ owed: boolean }>`
    select exists (
      select 1 from payment_attempts a where a.card_id = ${cardId} and ${moneyMayBeOwedSql('a')}
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

/** True while the customer has a pay-in that may still move money (`moneyMayBeOwed`; blocks account deletion). */
export async function moneyOwedToCustomer(db: Db, customerId: string): Promise<boolean> {
  const r = await sql<{ owed: boolean }>`
    select exists (
      select 1 from payment_attempts a where a.customer_id = ${customerId} and ${moneyMayBeOwedSql('a')}
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
 * The customer's $3 charges still to be paid back (the dashboard's Upcoming panel): `paybackOwed`
 * (captured, not paid back, not returned by the bank through a dispute). Oldest first.
 */
export async function payBacksOwed(db: Db, customerId: string): Promise<PayBackOwed[]> {
  const r = await sql<{ period: string; amount_cents: number; card_id: string; status: string | null }>`
    select a.period, a.amount_cents, coalesce(p.paid_to_card_id, a.card_id) as card_id, p.status
    from payment_attempts a
    left join payouts p on p.attempt_id = a.id
    where a.customer_id = ${customerId} and ${paybackOwedSql('a')}
    order by a.period, a.card_id`.execute(db);
  return r.rows.map((row) => ({
    period: row.period,
    dueAt: payoutDueAt(row.period),
    amountCents: Number(row.amount_cents),
    cardId: row.card_id,
    returned: row.status === 'returned',
  }));
}
