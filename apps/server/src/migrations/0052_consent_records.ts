import { type Kysely, sql } from 'kysely';

/**
 * Consent records (issue 32): the exact version of the terms, the privacy policy and the
 * recurring-charge authorization (the stored-credential consent card networks require before
 * merchant-initiated charges) each customer accepted, when, from which address, and where: at
 * sign-up, at checkout, for each card, or accepting a new version. Keyed by the identity (issuer,
 * subject), since sign-up happens before the customer record exists. Append-only like staff_audit:
 * a record is evidence, so it is never changed or removed (a trigger refuses UPDATE, DELETE and
 * TRUNCATE); account deletion keeps it (the legal basis is proving consent). No foreign keys: a
 * record stands on its own as evidence and must outlive what it names (and a TRUNCATE … CASCADE of
 * customers, as the billing property test does, must not reach it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table consent_records (
      id bigserial primary key,
      issuer text not null,
      subject text not null,
      customer_id uuid,
      document text not null check (document in ('terms', 'privacy', 'recurring')),
      version text not null check (length(version) between 1 and 40),
      context text not null check (context in ('sign-up', 'checkout', 'card', 'update')),
      card_id uuid,
      subscription_id uuid,
      accepted_at timestamptz not null default now(),
      ip text,
      user_agent text,
      check ((context = 'card') = (card_id is not null))
    )`.execute(db);
  await sql`create index consent_records_identity on consent_records (issuer, subject, accepted_at)`.execute(
    db,
  );
  await sql`create index consent_records_customer on consent_records (customer_id, accepted_at)
    where customer_id is not null`.execute(db);
  await sql`
    create function consent_records_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'consent_records: consent records are append-only';
    end $$`.execute(db);
  await sql`create trigger consent_records_append_only before update or delete on consent_records
    for each row execute function consent_records_append_only()`.execute(db);
  await sql`create trigger consent_records_no_truncate before truncate on consent_records
    for each statement execute function consent_records_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists consent_records`.execute(db);
  await sql`drop function if exists consent_records_append_only`.execute(db);
}
