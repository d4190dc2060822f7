import { type Kysely, sql } from 'kysely';

/**
 * The money tables' references, dedupe and idempotency keys and processor ids compare as bytes
 * (`collate "C"`), not through the C library's `strcoll` (ADR 39). Each of them is in a unique
 * index (or, for the processor's transaction ids, a lookup index) that every pay-in, pay-back and
 * event row enters; with the database's collation (`C.UTF-8` under libc) every comparison in
 * those B-trees called `strcoll`. Equality is unchanged (both collations are deterministic: equal
 * means byte-equal), so every unique index enforces exactly what it did; the indexes are rebuilt
 * with the columns. Nothing the product shows is ordered by these columns (they are opaque keys),
 * and under glibc `C.UTF-8` already orders by code point, which is byte order in UTF-8.
 *
 * `payment_attempts_immutable` names `reference` in its condition, so PostgreSQL refuses to
 * change the column's type under it: it is dropped and made again, word for word (migration 0030).
 */
const columns: Record<string, string[]> = {
  payment_attempts: ['reference', 'gateway_transaction_id'],
  payouts: ['reference', 'gateway_transaction_id'],
  payout_tries: ['reference'],
  money_events: ['dedupe_key'],
  refunds: ['reference', 'request_key', 'gateway_transaction_id'],
  disputes: ['processor_dispute_id'],
};

async function setCollation(db: Kysely<unknown>, collation: 'C' | 'default'): Promise<void> {
  await sql`drop trigger payment_attempts_immutable on payment_attempts`.execute(db);
  for (const [table, names] of Object.entries(columns)) {
    const alters = names.map((c) => sql`alter column ${sql.ref(c)} type text collate ${sql.id(collation)}`);
    await sql`alter table ${sql.table(table)} ${sql.join(alters)}`.execute(db);
  }
  await sql`
    create trigger payment_attempts_immutable before update on payment_attempts
    for each row when (new.amount_cents is distinct from old.amount_cents
                       or new.card_id is distinct from old.card_id
                       or new.kind is distinct from old.kind
                       or new.period is distinct from old.period
                       or new.reference is distinct from old.reference
                       or new.customer_id is distinct from old.customer_id
                       or new.subscription_id is distinct from old.subscription_id
                       or new.plan_id is distinct from old.plan_id)
    execute function payment_attempts_immutable()`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await setCollation(db, 'C');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await setCollation(db, 'default');
}
