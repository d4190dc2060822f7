import { type Kysely, sql } from 'kysely';

/**
 * The schedule's instants and the money references, same values, written so that PostgreSQL
 * inlines them (ADR 36). As migrations 0033 and 0064 wrote them, each call ran through the SQL
 * function executor (2–4 µs a call on the development machine): a function declared immutable is
 * inlined only if its body is immutable too, and parsing text as a timestamp or date
 * (`timestamp_in`, `date_in`: they read DateStyle) and `||` with a uuid or an integer
 * (`anytextcat`) are only stable. A pay-in row paid three calls (its reference, its due instant
 * and the check `payment_attempts_payin_due_at`), a pay-back two.
 *
 * Now the instants are built from the period's numbers (`make_timestamp`, `make_date`) and
 * converted with `at time zone` (immutable with a constant zone), and the references cast their
 * uuid or integer to text first (`uuid_out`, `int4out`: immutable). Every check and index that
 * names these functions keeps its meaning; `billing-schedule-sql.test.ts` and `references.test.ts`
 * compare them with the TypeScript definitions, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function pria_payin_due_at(period text) returns timestamptz
    language sql immutable strict parallel safe
    return make_timestamp(split_part(period, '-', 1)::int, split_part(period, '-', 2)::int, 28, 16, 0, 0)
           at time zone 'America/New_York'`.execute(db);
  await sql`
    create or replace function pria_payout_due_at(period text) returns timestamptz
    language sql immutable strict parallel safe
    return (make_date(split_part(period, '-', 1)::int, split_part(period, '-', 2)::int, 1)
            + interval '1 month' + interval '1 day' + interval '16 hours') at time zone 'America/New_York'`.execute(
    db,
  );
  await sql`
    create or replace function pria_payin_reference(card uuid, period text) returns text
    language sql immutable parallel safe return 'payin:' || card::text || ':' || period`.execute(db);
  await sql`
    create or replace function pria_payout_reference(payout uuid, try integer) returns text
    language sql immutable parallel safe return 'payout:' || payout::text || ':' || try::text`.execute(db);
  await sql`
    create or replace function pria_subscription_reference(attempt uuid) returns text
    language sql immutable parallel safe return 'sub:' || attempt::text`.execute(db);
  await sql`
    create or replace function pria_refund_reference(refund uuid) returns text
    language sql immutable parallel safe return 'refund:' || refund::text`.execute(db);
}

/** The definitions of migrations 0033 and 0064. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function pria_payin_due_at(period text) returns timestamptz
    language sql immutable strict parallel safe
    return ((period || '-28 16:00:00')::timestamp at time zone 'America/New_York')`.execute(db);
  await sql`
    create or replace function pria_payout_due_at(period text) returns timestamptz
    language sql immutable strict parallel safe
    return (((period || '-01')::date + interval '1 month' + interval '1 day' + interval '16 hours')::timestamp
            at time zone 'America/New_York')`.execute(db);
  await sql`
    create or replace function pria_payin_reference(card uuid, period text) returns text
    language sql immutable parallel safe return 'payin:' || card || ':' || period`.execute(db);
  await sql`
    create or replace function pria_payout_reference(payout uuid, try integer) returns text
    language sql immutable parallel safe return 'payout:' || payout || ':' || try`.execute(db);
  await sql`
    create or replace function pria_subscription_reference(attempt uuid) returns text
    language sql immutable parallel safe return 'sub:' || attempt`.execute(db);
  await sql`
    create or replace function pria_refund_reference(refund uuid) returns text
    language sql immutable parallel safe return 'refund:' || refund`.execute(db);
}
