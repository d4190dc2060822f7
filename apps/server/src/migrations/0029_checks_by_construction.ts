import { type Kysely, sql } from 'kysely';

/**
 * Foreign keys whose every row is written, in the same statement, from a row that has already
 * passed the same check, or that point at rows never deleted (ADR 17). Each cost a lookup and a
 * row lock on the referenced row per money row written; together about a tenth of PostgreSQL's
 * work per charge (docs/benchmarks.md, 2026-11-26).
 *
 * - billing_run_id of attempts, payouts and payout tries: runs are never deleted, and an engine
 *   row takes its run's id from the run being drained.
 * - money_events.customer_id / card_id: every event is derived from its attempt or payout in the
 *   statement that writes that row, which carries the same checked references.
 * - payout_tries.payout_id: every try is inserted from the payout row just updated.
 *
 * Kept: every reference that makes a money row's meaning (an attempt's customer, card,
 * subscription and plan; a payout's capture, customer, cards), and every unique key that makes
 * "once" true.
 */
const dropped = [
  ['payment_attempts', 'payment_attempts_run_fk', 'billing_run_id', 'billing_runs'],
  ['payouts', 'payouts_billing_run_id_fkey', 'billing_run_id', 'billing_runs'],
  ['payout_tries', 'payout_tries_billing_run_id_fkey', 'billing_run_id', 'billing_runs'],
  ['payout_tries', 'payout_tries_payout_id_fkey', 'payout_id', 'payouts'],
  ['money_events', 'money_events_customer_id_fkey', 'customer_id', 'customers'],
  ['money_events', 'money_events_card_id_fkey', 'card_id', 'cards'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, name] of dropped) {
    await sql`alter table ${sql.id(table)} drop constraint if exists ${sql.id(name)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, name, column, target] of dropped) {
    await sql`alter table ${sql.id(table)} add constraint ${sql.id(name)}
      foreign key (${sql.id(column)}) references ${sql.id(target)}(id)`.execute(db);
  }
}
