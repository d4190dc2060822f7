import { sql } from 'kysely';
import type { PaymentGateway } from '../../gateways/payments/port.ts';
import type { Db } from '../../platform/db.ts';

/**
 * True while Pria may still owe this card money: a pay-in on it that is in flight, or captured
 * and not yet paid back. Its processor instrument must live until then, or the pay-back on the
 * 2nd would have nowhere to go.
 */
export async function moneyOwedToCard(db: Db, cardId: string): Promise<boolean> {
  const r = await sql<{ owed: boolean }>`
    select exists (
      select 1 from payment_attempts a
      left join payouts p on p.attempt_id = a.id
      where a.card_id = ${cardId} and a.kind = 'payin'
        and (a.status in ('created', 'submitted', 'unknown')
             or (a.status = 'captured' and (p.id is null or p.status <> 'paid')))
    ) as owed`.execute(db);
  return r.rows[0]?.owed ?? false;
}

/** True while the customer has any card Pria still owes money to (blocks account deletion). */
export async function moneyOwedToCustomer(db: Db, customerId: string): Promise<boolean> {
  const r = await sql<{ owed: boolean }>`
    select exists (
      select 1 from payment_attempts a
      left join payouts p on p.attempt_id = a.id
      where a.customer_id = ${customerId} and a.kind = 'payin'
        and (a.status in ('created', 'submitted', 'unknown')
             or (a.status = 'captured' and (p.id is null or p.status <> 'paid')))
    ) as owed`.execute(db);
  return r.rows[0]?.owed ?? false;
}

/** Deletes at the processor the instruments of removed cards that are now fully paid back. */
export async function releaseSettledInstruments(db: Db, payments: PaymentGateway): Promise<number> {
  const cards = await db
    .selectFrom('cards')
    .select(['id', 'instrument_id'])
    .where('removed_at', 'is not', null)
    .where('instrument_released_at', 'is', null)
    .limit(1000)
    .execute();
  let released = 0;
  for (const card of cards) {
    if (await moneyOwedToCard(db, card.id)) continue;
    await payments.deleteInstrument(card.instrument_id);
    await db
      .updateTable('cards')
      .set({ instrument_released_at: new Date() })
      .where('id', '=', card.id)
      .execute();
    released++;
  }
  return released;
}
