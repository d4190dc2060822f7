import type { CustomerFilter, CustomerSortField, SubscriptionStatus } from '@pria/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { AS_IT_STANDS, pausedAt } from '../billing/index.ts';
import { digitsOnly, likeContains } from './paging.ts';
import { countedRows } from './row-counts.ts';

export interface ClientListOptions {
  sort: CustomerSortField;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
  search?: string;
  filter?: CustomerFilter;
}

/** The list's search and filter (the CSV export takes the same). */
export type ClientFilterOptions = Pick<ClientListOptions, 'search' | 'filter'>;

export interface ClientRow {
  id: string;
  created_at: Date;
  email: string | null;
  phone: string | null;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  address1: string | null;
  address2: string | null;
  locality: string | null;
  administrative_area: string | null;
  country: string;
  postal_code: string | null;
  onboarding_index: number;
  deleted_at: Date | null;
  subscription_id: string | null;
  plan_id: string | null;
  plan_name: string | null;
  subscription_status: SubscriptionStatus | null;
  /** active, paused, cancelled, inactive, pending_verification, or none (see stateOf). */
  subscription_state: string;
  expires_at: Date | null;
  subscription_card_id: string | null;
}

const sortColumn: Record<CustomerSortField, string> = {
  id: 'id',
  createdAt: 'created_at',
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  phone: 'phone',
};

// NOTE: identical to the expression of the trigram index customers_search_trgm (migration 0009).
const searchable = sql`(coalesce(c.email, '') || ' ' || coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '') || ' ' || coalesce(c.phone, ''))`;

/**
 * A subscription's state as staff read it: cancelled or paused (both active until their end
 * date, neither renews) before active; inactive, pending verification, or none at all. Paused is
 * the pause rule's, with the switch as it stands (what the customer's own screen shows).
 */
const stateOf = (s: string) => {
  const col = (c: string) => sql.ref(`${s}.${c}`);
  return sql`case when ${col('id')} is null then 'none'
    when ${col('status')} = 'active' and ${col('cancelled_at')} is not null then 'cancelled'
    when ${col('status')} = 'active' and ${pausedAt(sql.ref<string>(`${s}.id`), AS_IT_STANDS)} then 'paused'
    else ${col('status')} end`;
};

/** A phone typed with its punctuation ('(202) 555-01') is searched by its digits. */
const looksLikePhone = (s: string) => /^[\d\s()+\-.]+$/.test(s) && /\d/.test(s);

function whereOf(o: ClientFilterOptions): RawBuilder<unknown> {
  const f = o.filter ?? {};
  // Staff are not clients, whatever the filter (issue 29).
  const parts: RawBuilder<unknown>[] = [sql`not c.is_staff`];
  if (f.deleted === true) parts.push(sql`c.deleted_at is not null`);
  else if (f.deleted !== 'any') parts.push(sql`c.deleted_at is null`);

  if (o.search) {
    const term = looksLikePhone(o.search) ? digitsOnly(o.search) : o.search;
    parts.push(sql`${searchable} ilike ${likeContains(term)}`);
  }
  // Columns that are part of the trigram expression are narrowed by the index, then checked.
  const indexed = (column: string, value: string) => {
    const pattern = likeContains(value);
    parts.push(sql`${searchable} ilike ${pattern} and ${sql.ref(`c.${column}`)} ilike ${pattern}`);
  };
  const plain = (column: string, value: string) =>
    parts.push(sql`${sql.ref(`c.${column}`)} ilike ${likeContains(value)}`);

  const text = (v: string | undefined) => v?.trim() || undefined;
  const digits = (v: string | undefined) => (v ? digitsOnly(v) || undefined : undefined);
  const id = text(f.id);
  if (id) parts.push(sql`c.id::text like ${likeContains(id.toLowerCase())}`);
  const email = text(f.email);
  if (email) indexed('email', email);
  const firstName = text(f.firstName);
  if (firstName) indexed('first_name', firstName);
  const lastName = text(f.lastName);
  if (lastName) indexed('last_name', lastName);
  const phone = digits(f.phone);
  if (phone) indexed('phone', phone);
  const middleName = text(f.middleName);
  if (middleName) plain('middle_name', middleName);
  const postalCode = digits(f.postalCode);
  if (postalCode) plain('postal_code', postalCode);
  const area = text(f.administrativeArea);
  if (area) plain('administrative_area', area);
  if (f.subscription) {
    parts.push(
      sql`coalesce((select ${stateOf('s2')} from subscriptions s2 where s2.customer_id = c.id limit 1), 'none') = ${f.subscription}`,
    );
  }

  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** How many customers match: from the trigger-kept counters when only `deleted` narrows the list. */
function countOf(db: Db, o: ClientListOptions, where: RawBuilder<unknown>): Promise<number> {
  const { deleted, ...others } = o.filter ?? {};
  const onlyDeleted = !o.search && Object.values(others).every((v) => v === undefined || v === '');
  if (onlyDeleted) {
    return countedRows(
      db,
      deleted === true
        ? ['customers:deleted']
        : deleted === 'any'
          ? ['customers:active', 'customers:deleted']
          : ['customers:active'],
    );
  }
  return sql<{ n: number }>`select count(*)::int as n from customers c where ${where}`
    .execute(db)
    .then((r) => r.rows[0]?.n ?? 0);
}

/** One page of customers and the count of all that match, with the same WHERE. */
export async function listClients(
  db: Db,
  o: ClientListOptions,
): Promise<{ rows: ClientRow[]; totalCount: number }> {
  const where = whereOf(o);
  const direction = o.order === 'asc' ? sql`asc` : sql`desc`;
  const column = sql.ref(`c.${sortColumn[o.sort]}`);
  const orderBy = o.sort === 'id' ? sql`c.id ${direction}` : sql`${column} ${direction}, c.id ${direction}`;
  const [rows, totalCount] = await Promise.all([
    sql<ClientRow>`
      select c.id, c.created_at, c.email, c.phone, c.first_name, c.middle_name, c.last_name,
             c.address1, c.address2, c.locality, c.administrative_area, c.country, c.postal_code,
             c.onboarding_index, c.deleted_at,
             s.id as subscription_id, s.plan_id, p.name as plan_name, s.status as subscription_status,
             ${stateOf('s')} as subscription_state, s.expires_at, s.card_id as subscription_card_id
      from customers c
      left join subscriptions s on s.customer_id = c.id
      left join plans p on p.id = s.plan_id
      where ${where}
      order by ${orderBy}
      limit ${o.limit} offset ${o.offset}`.execute(db),
    countOf(db, o, where),
  ]);
  return { rows: rows.rows, totalCount };
}

/**
 * One batch of the matching customers, oldest first, strictly after `after` (the CSV export's
 * keyset walk: bounded memory whatever the count). `after.at` is the exact created_at as text.
 */
export async function clientsBatch(
  db: Db,
  o: ClientFilterOptions,
  after: { at: string; id: string } | null,
  limit: number,
): Promise<(ClientRow & { cursor_at: string })[]> {
  const keyset = after
    ? sql`and (c.created_at, c.id) > (${after.at}::timestamptz, ${after.id}::uuid)`
    : sql``;
  const r = await sql<ClientRow & { cursor_at: string }>`
    select c.id, c.created_at, c.email, c.phone, c.first_name, c.middle_name, c.last_name,
           c.address1, c.address2, c.locality, c.administrative_area, c.country, c.postal_code,
           c.onboarding_index, c.deleted_at,
           s.id as subscription_id, s.plan_id, p.name as plan_name, s.status as subscription_status,
           ${stateOf('s')} as subscription_state, s.expires_at, s.card_id as subscription_card_id,
           to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
    from customers c
    left join subscriptions s on s.customer_id = c.id
    left join plans p on p.id = s.plan_id
    where ${whereOf(o)} ${keyset}
    order by c.created_at asc, c.id asc
    limit ${limit}`.execute(db);
  return r.rows;
}
