import { type Kysely, sql } from 'kysely';

/**
 * Pause has one truth (issue 38, ADR 18 amended): the pause rows. Until now the pay-in read
 * `subscription_pauses` as at its due instant while renewals, expiry, notices, the screens and the
 * staff list read `subscriptions.is_enabled` as it was when they ran, so a late renewal run
 * judged a pause "now". The flag goes; every question is asked of the rows, about an instant
 * (`modules/billing/pause-rule.ts`).
 *
 * - The two agree first, keeping the switch as customers and staff last saw it: a subscription
 *   shown paused without an open pause row gets one from its last change (as 0035 did); an open
 *   pause row on a subscription shown enabled is ended at its last change.
 * - The rows are history: a pause begins open and not before the previous one ended, and an open
 *   pause changes only by ending (`resumed_at`, `resumed_by`); an ended one never changes. With
 *   no DELETE for the runtime role (db-grants.ts), pausing and resuming are the only writes left.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into subscription_pauses (subscription_id, paused_at, paused_by)
    select s.id,
           greatest(s.updated_at, (select max(z.resumed_at) from subscription_pauses z where z.subscription_id = s.id)),
           'migration 0092'
    from subscriptions s
    where not s.is_enabled
      and not exists (select 1 from subscription_pauses z where z.subscription_id = s.id and z.resumed_at is null)`.execute(
    db,
  );
  await sql`
    update subscription_pauses z
    set resumed_at = greatest(z.paused_at, s.updated_at), resumed_by = 'migration 0092'
    from subscriptions s
    where s.id = z.subscription_id and s.is_enabled and z.resumed_at is null`.execute(db);

  await sql`
    create function subscription_pauses_guard() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        if new.resumed_at is not null or new.resumed_by is not null then
          raise exception 'subscription_pauses: a pause begins open; it ends by resuming'
            using errcode = 'check_violation', constraint = 'subscription_pauses_begin_open';
        end if;
        -- An open pause already there is the unique index's (pausing twice changes nothing).
        if exists (select 1 from subscription_pauses z
                   where z.subscription_id = new.subscription_id and z.resumed_at > new.paused_at) then
          raise exception 'subscription_pauses: a pause begins after the previous one ended'
            using errcode = 'check_violation', constraint = 'subscription_pauses_in_order';
        end if;
        return new;
      end if;
      if old.resumed_at is not null then
        raise exception 'subscription_pauses: an ended pause is history and never changes'
          using errcode = 'check_violation', constraint = 'subscription_pauses_ended_final';
      end if;
      if new.id <> old.id or new.subscription_id <> old.subscription_id or new.paused_at <> old.paused_at
         or new.paused_by <> old.paused_by or new.resumed_at is null then
        raise exception 'subscription_pauses: an open pause changes only by ending (resumed_at, resumed_by)'
          using errcode = 'check_violation', constraint = 'subscription_pauses_end_only';
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger subscription_pauses_guard before insert or update on subscription_pauses
    for each row execute function subscription_pauses_guard()`.execute(db);

  await sql`alter table subscriptions drop column is_enabled`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table subscriptions add column is_enabled boolean not null default true`.execute(db);
  await sql`
    update subscriptions s set is_enabled = false
    where exists (select 1 from subscription_pauses z where z.subscription_id = s.id and z.resumed_at is null)`.execute(
    db,
  );
  await sql`drop trigger subscription_pauses_guard on subscription_pauses`.execute(db);
  await sql`drop function subscription_pauses_guard()`.execute(db);
}
