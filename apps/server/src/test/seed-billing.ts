import { encryptCard } from '@pria/contracts';
import { sql } from 'kysely';
import type { PaymentGateway } from '../gateways/payments/port.ts';
import type { Db } from '../platform/db.ts';

/**
 * Subscribed customers with registered cards, for billing tests: customers and subscriptions
 * are written directly, each card is registered at the processor the real way (its number and
 * CVC encrypted to the processor's key), so charges and payouts go through the real adapter.
 */
export async function seedSubscribers(
  db: Db,
  payments: PaymentGateway,
  opts: {
    customers: number;
    cardsEach: number;
    since: Date;
    number?: (customer: number, card: number) => string;
  },
): Promise<{ customerIds: string[]; cardIds: string[] }> {
  const jwk = await payments.publicKey();
  const customerIds: string[] = [];
  const cardIds: string[] = [];
  for (let i = 0; i < opts.customers; i++) {
    const customer = await db
      .insertInto('customers')
      .values({
        issuer: 'seed',
        subject: `seed-${i}-${Math.random()}`,
        email: `seed${i}@example.com`,
        created_at: opts.since,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    customerIds.push(customer.id);
    let firstCard: string | undefined;
    for (let c = 0; c < opts.cardsEach; c++) {
      const number = opts.number?.(i, c) ?? (c % 2 === 0 ? '4111111111111111' : '5555555555554444');
      const id = crypto.randomUUID();
      const instrument = await payments.createInstrument({
        reference: `card:${id}`,
        encryptedCard: await encryptCard({ number, cvc: '123' }, jwk),
        expirationMonth: 12,
        expirationYear: 2040,
        name: `Seed ${i}`,
        billingAddress: {
          address1: '1 Main St',
          address2: null,
          locality: 'New York',
          administrativeArea: 'NY',
          country: 'US',
          postalCode: '10001',
        },
      });
      await db
        .insertInto('cards')
        .values({
          id,
          customer_id: customer.id,
          gateway: 'simulator',
          instrument_id: instrument.instrumentId,
          brand: instrument.brand,
          last_four: instrument.lastFour,
          expiration_month: 12,
          expiration_year: 2040,
          name: `Seed ${i}`,
          address1: '1 Main St',
          locality: 'New York',
          administrative_area: 'NY',
          postal_code: '10001',
          is_default: c === 0,
          slot: c + 1,
          created_at: opts.since,
        })
        .execute();
      firstCard ??= id;
      cardIds.push(id);
    }
    await db
      .insertInto('subscriptions')
      .values({
        customer_id: customer.id,
        plan_id: 'semi-annual',
        card_id: firstCard ?? null,
        status: 'active',
        expires_at: new Date('2099-01-01T00:00:00Z'),
        created_at: opts.since,
      })
      .execute();
  }
  return { customerIds, cardIds };
}

/**
 * Charges and payouts the processor recorded, per instrument and kind (what really moved). With
 * a period: only that period's pay-in charges (any `payin:<card>:<period>` reference) and the
 * tries of that period's payouts, so runs of other periods (a worker's minute tick opening last
 * month's run during the test) are not counted against it.
 */
export async function processorMoves(db: Db, period?: string) {
  const r = await sql<{ instrument_id: string; kind: string; status: string; n: number }>`
    select instrument_id, kind, status, count(*)::int as n from gateway_sim.transactions t
    ${
      period
        ? sql`where (t.kind = 'charge' and t.reference like ${`payin:%:${period}`})
             or (t.kind = 'payout' and exists (select 1 from payouts p where p.period = ${period}
                                                and t.reference like 'payout:' || p.id || ':%'))`
        : sql``
    }
    group by instrument_id, kind, status`.execute(db);
  return r.rows;
}
