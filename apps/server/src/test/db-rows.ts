import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { payinDueAt } from '../modules/billing/index.ts';
import type { Db } from '../platform/db.ts';
import type { AttemptStatus, DisputeStatus, PayoutStatus, RefundStatus } from '../platform/db-schema.ts';

/** Rows for tests, written directly (the money triggers still apply). Test-only. */
export async function insertCustomer(
  db: Db,
  c: {
    email: string;
    firstName?: string;
    lastName?: string;
    phone?: string;
    createdAt?: Date;
    deleted?: boolean;
  },
) {
  const row = await db
    .insertInto('customers')
    .values({
      issuer: 'seed',
      subject: randomUUID(),
      email: c.email,
      first_name: c.firstName ?? null,
      last_name: c.lastName ?? null,
      phone: c.phone ?? null,
      created_at: c.createdAt ?? new Date(),
      deleted_at: c.deleted ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertCard(
  db: Db,
  customerId: string,
  o: { slot?: number; brand?: 'visa' | 'mastercard'; lastFour?: string } = {},
) {
  const row = await db
    .insertInto('cards')
    .values({
      customer_id: customerId,
      gateway: 'simulator',
      instrument_id: `inst-${randomUUID()}`,
      brand: o.brand ?? 'visa',
      last_four: o.lastFour ?? '1111',
      expiration_month: 12,
      expiration_year: 2040,
      name: 'Test Card',
      address1: '1 Main St',
      locality: 'New York',
      administrative_area: 'NY',
      postal_code: '10001',
      is_default: (o.slot ?? 1) === 1,
      slot: o.slot ?? 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertCharge(
  db: Db,
  o: {
    customerId: string;
    cardId: string;
    kind?: 'payin' | 'subscription';
    period: string;
    status?: AttemptStatus;
    amount?: number;
    createdAt: Date;
    gatewayId?: string;
    reason?: string;
    /** Our reference (default: a fresh one), e.g. one the processor was already called with. */
    reference?: string;
  },
) {
  // As the engine writes it: the card's processor instrument (a pay-back goes back to it).
  const card = await db
    .selectFrom('cards')
    .select('instrument_id')
    .where('id', '=', o.cardId)
    .executeTakeFirst();
  const dueAt = (o.kind ?? 'payin') === 'payin' ? payinDueAt(o.period) : o.createdAt;
  const row = await db
    .insertInto('payment_attempts')
    .values({
      reference: o.reference ?? `ref-${randomUUID()}`,
      instrument_id: card?.instrument_id ?? null,
      kind: o.kind ?? 'payin',
      period: o.period,
      customer_id: o.customerId,
      card_id: o.cardId,
      amount_cents: o.amount ?? 300,
      description: o.kind === 'subscription' ? 'Semi-Annual plan' : 'Monthly credit-building charge',
      status: o.status ?? 'captured',
      decline_reason: o.reason ?? null,
      gateway_transaction_id: o.gatewayId ?? null,
      created_at: o.createdAt,
      // A pay-in is due on its month's 28th (a check: never sent before it); a plan charge when
      // it is made. Sent (and settled, for an outcome) when the row says it was made.
      due_at: dueAt,
      // (Rows dated before their month's due instant, as some list tests write them, count as
      // sent when due: a pay-in is never sent early.)
      sent_at:
        o.status === 'missed' || o.status === 'created'
          ? null
          : new Date(Math.max(o.createdAt.getTime(), dueAt.getTime())),
      settled_at: ['captured', 'declined', 'missed'].includes(o.status ?? 'captured') ? o.createdAt : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The pay-back of a captured pay-in (same amount and card, as the trigger demands), written in
 * the state the test needs: a state is reached by insert, never by an update a guard would refuse.
 */
export async function insertPayout(
  db: Db,
  attemptId: string,
  o: {
    status?: PayoutStatus;
    createdAt: Date;
    tries?: number;
    lastError?: string;
    nextTryAt?: Date;
    paidToCardId?: string;
    updatedAt?: Date;
  },
) {
  const a = await db
    .selectFrom('payment_attempts')
    .select(['customer_id', 'card_id', 'amount_cents', 'period'])
    .where('id', '=', attemptId)
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('payouts')
    .values({
      attempt_id: attemptId,
      customer_id: a.customer_id,
      card_id: a.card_id,
      instrument_id: 'inst',
      period: a.period,
      amount_cents: a.amount_cents,
      status: o.status ?? 'paid',
      reference: `po-${randomUUID()}`,
      created_at: o.createdAt,
      due_at: o.createdAt,
      sent_at: (o.status ?? 'paid') === 'pending' ? null : o.createdAt,
      settled_at: ['paid', 'returned'].includes(o.status ?? 'paid') ? o.createdAt : null,
      paid_at: (o.status ?? 'paid') === 'paid' ? o.createdAt : null,
      tries: o.tries ?? 0,
      last_error: o.lastError ?? null,
      next_try_at: o.nextTryAt ?? null,
      paid_to_card_id: o.paidToCardId ?? null,
      updated_at: o.updatedAt ?? new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

/**
 * A refund of a charge as the ledger records it once the processor answered: `refunded` (went
 * through) or `failed`. For fixtures; the use case (`refundCharge`) is what staff go through.
 */
export async function insertRefund(
  db: Db,
  attemptId: string,
  o: {
    cents: number;
    status: RefundStatus;
    mode?: 'full' | 'prorated';
    at?: Date;
    settledAt?: Date;
  },
) {
  const key = randomUUID();
  const a = await db
    .selectFrom('payment_attempts')
    .select(['customer_id', 'card_id'])
    .where('id', '=', attemptId)
    .executeTakeFirstOrThrow();
  const at = o.at ?? new Date();
  const row = await db
    .insertInto('refunds')
    .values({
      attempt_id: attemptId,
      customer_id: a.customer_id,
      card_id: a.card_id,
      amount_cents: o.cents,
      mode: o.mode ?? 'full',
      reason: 'test',
      request_key: key,
      reference: `refund:${key}`,
      status: o.status,
      requested_by: 'finance@pria.example',
      created_at: at,
      sent_at: at,
      ...(o.settledAt ? { settled_at: o.settledAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A dispute of a charge (its customer, card and amount), written in the state the test needs:
 * open, or already decided (won or lost) by finance.
 */
export async function insertDispute(
  db: Db,
  attemptId: string,
  o: { status: DisputeStatus; paybackSent?: boolean; openedAt?: Date },
) {
  const decided = o.status === 'open' ? null : new Date();
  const r = await sql<{ id: string }>`
    insert into disputes (processor_dispute_id, attempt_id, customer_id, card_id, amount_cents, status,
                          payback_sent, opened_at, decided_at, decided_by)
    select ${`case-${randomUUID()}`}, a.id, a.customer_id, a.card_id, a.amount_cents, ${o.status},
           ${o.paybackSent ?? false}, ${o.openedAt ?? new Date()}, ${decided}, ${decided ? 'finance@pria.example' : null}
    from payment_attempts a where a.id = ${attemptId}
    returning id`.execute(db);
  return r.rows[0]?.id as string;
}
