import { type Kysely, sql } from 'kysely';

/**
 * Staff are not clients (issue 29): a staff member who opened the customer dashboard got a
 * customers row, and appeared in the client list and in TOTAL USERS. The row now says whether
 * its identity is staff (from the token's roles, kept current on each call), and the client list,
 * its export and the counters leave staff out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table customers add column is_staff boolean not null default false`.execute(db);
  // The built-in provider's staff (an external issuer's are marked on their next call).
  await sql`
    update customers c set is_staff = true
    from idp_users u
    where u.id = c.subject and u.roles && array['support', 'finance', 'admin']::text[]`.execute(db);
  // The counters count clients only; a change of is_staff moves a row in or out like a deletion.
  await sql`
    create or replace function row_counts_customers() returns trigger language plpgsql as $$
    declare
      active bigint := 0;
      deleted bigint := 0;
    begin
      if tg_op = 'TRUNCATE' then
        update row_counts set n = 0 where name like 'customers:%';
        return null;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        select active + count(*) filter (where deleted_at is null and not is_staff),
               deleted + count(*) filter (where deleted_at is not null and not is_staff)
          into active, deleted from new_rows;
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        select active - count(*) filter (where deleted_at is null and not is_staff),
               deleted - count(*) filter (where deleted_at is not null and not is_staff)
          into active, deleted from old_rows;
      end if;
      if active <> 0 then
        update row_counts set n = n + active where name = 'customers:active';
      end if;
      if deleted <> 0 then
        update row_counts set n = n + deleted where name = 'customers:deleted';
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    update row_counts set n = (select count(*) from customers where deleted_at is null and not is_staff)
    where name = 'customers:active'`.execute(db);
  await sql`
    update row_counts set n = (select count(*) from customers where deleted_at is not null and not is_staff)
    where name = 'customers:deleted'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table customers drop column is_staff`.execute(db);
}
