import { type Kysely, sql } from 'kysely';

/**
 * Fewer index entries per pay-in and pay-back (issue 17, ADR 17). A captured pay-in entered twelve
 * indexes and a paid pay-back nine; most served one staff list sort each or a period lookup that
 * another index can serve. Now:
 *
 * - Once per card and period is keyed period first, `(period, card_id)`: the same uniqueness, and
 *   it also reads a period's pay-ins (reconciliation, the pay-backs owed), which had two indexes
 *   of their own (`payment_attempts_payin_period`, `payment_attempts_captured_payins`).
 * - The staff list's sorts by type, amount and state leave out the rows that dominate: pay-ins
 *   (always $3, one type) and captured charges (one state) are read along `(created_at, id)`;
 *   only plan charges and charges in another state enter partial sort indexes. The same for
 *   pay-backs: always $3, one type, and only the unpaid ones in the state index.
 * - `payouts_paid_at` served the admin home's totals before the monthly roll-ups (migration 0026);
 *   nothing reads it now.
 *
 * A pay-in and its pay-back are the spec's fixed $3, now a check each: the staff list reads
 * pay-ins sorted by amount in date order on the strength of it. (A different amount needs a
 * migration that drops these checks and brings the amount indexes back.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payment_attempts
    add constraint payment_attempts_payin_amount check (kind <> 'payin' or amount_cents = 300)`.execute(db);
  await sql`alter table payouts add constraint payouts_amount check (amount_cents = 300)`.execute(db);

  await sql`create unique index payment_attempts_payin_once_by_period on payment_attempts (period, card_id)
    where kind = 'payin'`.execute(db);
  await sql`drop index payment_attempts_payin_once`.execute(db);
  await sql`alter index payment_attempts_payin_once_by_period rename to payment_attempts_payin_once`.execute(
    db,
  );
  await sql`drop index payment_attempts_payin_period`.execute(db);
  await sql`drop index payment_attempts_captured_payins`.execute(db);

  await sql`drop index payment_attempts_admin_kind`.execute(db);
  await sql`drop index payment_attempts_admin_amount`.execute(db);
  await sql`drop index payment_attempts_admin_state`.execute(db);
  await sql`create index payment_attempts_admin_plan_charges on payment_attempts (created_at, id)
    where kind <> 'payin'`.execute(db);
  await sql`create index payment_attempts_admin_plan_amount on payment_attempts (amount_cents, created_at, id)
    where kind <> 'payin'`.execute(db);
  // `status` included: a count by state then reads the index alone (an expression's columns must be in it).
  await sql`create index payment_attempts_admin_state on payment_attempts (${attemptState}, created_at, id)
    include (status) where status <> 'captured'`.execute(db);

  await sql`drop index payouts_admin_amount`.execute(db);
  await sql`drop index payouts_admin_state`.execute(db);
  await sql`drop index payouts_paid_at`.execute(db);
  await sql`create index payouts_admin_state on payouts (${payoutState}, created_at, id)
    include (status) where status <> 'paid'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index payouts_admin_state`.execute(db);
  await sql`create index payouts_admin_state on payouts (${payoutState}, created_at, id)`.execute(db);
  await sql`create index payouts_paid_at on payouts (paid_at) include (amount_cents) where status = 'paid'`.execute(
    db,
  );
  await sql`create index payouts_admin_amount on payouts (amount_cents, created_at, id)`.execute(db);

  await sql`drop index payment_attempts_admin_state`.execute(db);
  await sql`drop index payment_attempts_admin_plan_amount`.execute(db);
  await sql`drop index payment_attempts_admin_plan_charges`.execute(db);
  await sql`create index payment_attempts_admin_state on payment_attempts (${attemptState}, created_at, id)`.execute(
    db,
  );
  await sql`create index payment_attempts_admin_amount on payment_attempts (amount_cents, created_at, id)`.execute(
    db,
  );
  await sql`create index payment_attempts_admin_kind on payment_attempts (kind, created_at, id)`.execute(db);

  await sql`create index payment_attempts_captured_payins on payment_attempts (period)
    where kind = 'payin' and status = 'captured'`.execute(db);
  await sql`create index payment_attempts_payin_period on payment_attempts (kind, period)`.execute(db);
  await sql`create unique index payment_attempts_payin_once_by_card on payment_attempts (card_id, kind, period)
    where kind = 'payin'`.execute(db);
  await sql`drop index payment_attempts_payin_once`.execute(db);
  await sql`alter index payment_attempts_payin_once_by_card rename to payment_attempts_payin_once`.execute(
    db,
  );

  await sql`alter table payouts drop constraint payouts_amount`.execute(db);
  await sql`alter table payment_attempts drop constraint payment_attempts_payin_amount`.execute(db);
}

// The staff list's state expressions (modules/admin/transactions.repo.ts), as in migrations 0009 and 0015.
const attemptState = sql`(case status when 'captured' then 'success' when 'declined' then 'failed'
  when 'missed' then 'missed' else 'pending' end)`;
const payoutState = sql`(case status when 'paid' then 'success' when 'failed' then 'failed'
  when 'returned' then 'failed' else 'pending' end)`;
