import { type Kysely, sql } from 'kysely';

/**
 * Times that tell the truth (issue 28): every money row records when it was due, when it was
 * sent to the processor and when its outcome was known, all by the engine's clock (so a
 * `billing:tick --at` walk keeps them too). `created_at` stays when the row was written; a `missed`
 * month sent by a forced run months later was dated to the month it missed, and the only trace of
 * the real charge was `updated_at`, from the database's clock.
 *
 * - payment_attempts: `due_at` (a pay-in: its month's 28th 16:00 New York, a check; a plan charge:
 *   when its period starts), `sent_at` (the last send of its reference), `settled_at`.
 *   A pay-in is never sent before it is due (a check, for rows from now on).
 * - payouts: `due_at` (the 2nd 16:00 after its month, or later when the capture settled later),
 *   `sent_at` (its last try), `settled_at` (paid, returned or withheld).
 * - refunds: `sent_at`, `settled_at`.
 * Rows written before this migration get the best times they recorded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payment_attempts add column due_at timestamptz, add column sent_at timestamptz,
    add column settled_at timestamptz`.execute(db);
  await sql`
    update payment_attempts set
      due_at = case when kind = 'payin' then pria_payin_due_at(period) else created_at end,
      sent_at = case when status in ('created', 'missed') then null else created_at end,
      settled_at = case when status in ('captured', 'declined', 'missed') then updated_at end`.execute(db);
  await sql`alter table payment_attempts alter column due_at set not null`.execute(db);
  await sql`alter table payment_attempts add constraint payment_attempts_payin_due_at
    check (kind <> 'payin' or due_at = pria_payin_due_at(period))`.execute(db);
  // NOT VALID: forced runs before this migration could charge a month early; no row from now on.
  await sql`alter table payment_attempts add constraint payment_attempts_payin_sent_after_due
    check (kind <> 'payin' or sent_at is null or sent_at >= due_at) not valid`.execute(db);

  await sql`alter table payouts add column due_at timestamptz, add column sent_at timestamptz,
    add column settled_at timestamptz`.execute(db);
  await sql`
    update payouts set
      due_at = case when created_at <= pria_payout_due_at(period) + interval '1 day' then pria_payout_due_at(period)
                    else created_at end,
      sent_at = case when tries > 0 then updated_at end,
      settled_at = case when status = 'paid' then coalesce(paid_at, updated_at)
                        when status in ('returned', 'withheld') then updated_at end`.execute(db);
  await sql`alter table payouts alter column due_at set not null`.execute(db);

  await sql`alter table refunds add column sent_at timestamptz, add column settled_at timestamptz`.execute(
    db,
  );
  await sql`
    update refunds set sent_at = created_at,
      settled_at = case when status in ('refunded', 'failed') then updated_at end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table refunds drop column sent_at, drop column settled_at`.execute(db);
  await sql`alter table payouts drop column due_at, drop column sent_at, drop column settled_at`.execute(db);
  await sql`alter table payment_attempts drop constraint payment_attempts_payin_sent_after_due`.execute(db);
  await sql`alter table payment_attempts drop constraint payment_attempts_payin_due_at`.execute(db);
  await sql`alter table payment_attempts drop column due_at, drop column sent_at, drop column settled_at`.execute(
    db,
  );
}
