import { NEW_YORK, type TransactionStatus, type TransactionType, transactionTypes } from '@pria/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { AttemptStatus, PayoutStatus } from '../../platform/db-schema.ts';
import { isUuid } from '../../platform/ids.ts';
import { bankReturnSql, namedMoneyRow, refundsAgainst } from '../billing/index.ts';
import { activityWords } from '../transactions/index.ts';
import { type CountedRows, countedRowsSql } from './row-counts.ts';

export type TransactionSort = 'createdAt' | 'amount' | 'type' | 'transactionStatus';

export interface TransactionListOptions extends TransactionFilter {
  sort: TransactionSort;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** The list's filters (the CSV export takes the same). */
export interface TransactionFilter {
  transactionId?: string;
  /** Upper-cased part of a type ('CAPTURE' matches CAPTURE and SUBSCRIPTION_CAPTURE). */
  type?: string;
  userId?: string;
  status?: TransactionStatus;
  /** New York days, both included (YYYY-MM-DD). */
  from?: string;
  to?: string;
}

export interface TransactionRow {
  id: string;
  created_at: Date;
  transaction_id: string;
  customer_id: string;
  email: string | null;
  card_id: string;
  brand: string;
  last_four: string;
  type: TransactionType;
  state: 'success' | 'failed' | 'pending' | 'missed';
  /** The row's own state: a charge's (payment_attempts.status) or a pay-back's (payouts.status). */
  money_status: AttemptStatus | PayoutStatus;
  is_verified: boolean;
  is_returned: boolean;
  amount_cents: number;
  remarks: string | null;
  description: string;
  /** When it was due, sent and settled, by the engine's clock (migration 0036). */
  due_at: Date;
  sent_at: Date | null;
  settled_at: Date | null;
  /** The charge's latest dispute (open, won, lost; list pages only) and what was refunded of it. */
  dispute_status?: 'open' | 'won' | 'lost' | null;
  refunded_cents?: string | number | null;
  /** Refunds not failed of it (list pages only): what counts against what is left to refund. */
  refunds_against_cents?: string | number | null;
  /** The dispute by which the bank returns the charge (open, lost; list pages only), as the refund reads it. */
  bank_return?: 'open' | 'lost' | null;
}

/**
 * What was refunded of the money row `x` (refunds that went through), for the staff list and its
 * CSV alike. Null when nothing was.
 */
const refundedOf = sql<string | null>`(select sum(f.amount_cents) from refunds f
  where f.attempt_id = x.id and f.status = 'refunded')`;

/**
 * The staff list's state of a money row (success, failed, missed; anything else pending), defined
 * once here. The indexes payment_attempts_admin_state and payouts_admin_state (migration 0032)
 * hold the same CASE so that a sort or filter by state reads them: transaction-states.test.ts
 * compares their definitions with these maps. Literals, not parameters, or no index would match.
 */
export const ATTEMPT_STATES = { captured: 'success', declined: 'failed', missed: 'missed' } as const;
export const PAYOUT_STATES = { paid: 'success', failed: 'failed', returned: 'failed' } as const;
const stateOf = (column: string, states: Record<string, string>) =>
  sql`(case ${sql.ref(column)} ${sql.join(
    Object.entries(states).map(([status, state]) => sql`when ${sql.lit(status)} then ${sql.lit(state)}`),
    sql` `,
  )} else 'pending' end)`;
const attemptState = stateOf('a.status', ATTEMPT_STATES);
const payoutState = stateOf('p.status', PAYOUT_STATES);

/** A charge (the monthly $3 or a plan charge) as a transaction row, before customer and card are joined. */
const attemptColumns = sql`a.id, a.created_at, coalesce(a.gateway_transaction_id, a.reference) as transaction_id,
  a.customer_id, a.card_id, case a.kind when 'payin' then 'CAPTURE' else 'SUBSCRIPTION_CAPTURE' end as type,
  ${attemptState} as state, a.status as money_status, a.is_verified, false as is_returned, a.amount_cents, a.decline_reason as remarks,
  a.description, a.due_at, a.sent_at, a.settled_at`;
/** A pay-back to the card as a transaction row. */
const payoutColumns = sql`p.id, p.created_at, coalesce(p.gateway_transaction_id, p.reference, p.id::text) as transaction_id,
  p.customer_id, coalesce(p.paid_to_card_id, p.card_id) as card_id, 'PAYOUT' as type, ${payoutState} as state, p.status as money_status, p.is_verified,
  p.status = 'returned' as is_returned, p.amount_cents, p.last_error as remarks,
  ${activityWords.staff.payment}::text as description, p.due_at, p.sent_at, p.settled_at`;

/** Rows of a branch that one index reads in the requested order (see `Branch.runs`). */
interface Run {
  where: RawBuilder<unknown>[];
  key: RawBuilder<unknown>;
}

interface Branch {
  alias: 'a' | 'p';
  columns: RawBuilder<unknown>;
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>[];
  /**
   * The branch's rows for the requested sort as disjoint runs, each read along its own index in
   * an order equal to the sort within it (migration 0032: the sort indexes leave out the pay-ins,
   * the captured charges and the paid pay-backs, which the (created_at, id) index reads in order).
   */
  runs: (sort: TransactionSort, dir: RawBuilder<unknown>) => Run[];
  /**
   * The branch's row count read from trigger-kept counters (row_counts when filtered by type only,
   * the monthly roll-ups when by type and state only), or null to count the rows.
   */
  counted: RawBuilder<unknown> | null;
}

/** A successful row: a captured charge, a paid pay-back (the rows the partial state indexes leave out). */
const succeeded = { a: sql`a.status = 'captured'`, p: sql`p.status = 'paid'` };
const notSucceeded = { a: sql`a.status <> 'captured'`, p: sql`p.status <> 'paid'` };

const byDate = (alias: 'a' | 'p', d: RawBuilder<unknown>) =>
  sql`${sql.ref(`${alias}.created_at`)} ${d}, ${sql.ref(`${alias}.id`)} ${d}`;

function branches(o: TransactionFilter): Branch[] {
  const types = o.type ? transactionTypes.filter((t) => t.includes(o.type as string)) : [...transactionTypes];
  const out: Branch[] = [];
  const byTx = (alias: 'a' | 'p') => (o.transactionId ? [namedMoneyRow(alias, o.transactionId)] : []);
  // A client by id or by sign-in email (issue 29: staff know the email, not the id); an email
  // matches the client whose address it is, as typed or in lower case (the built-in provider
  // keeps addresses lower-case), through the email index of migration 0009.
  const byUser = (alias: 'a' | 'p') => {
    if (!o.userId) return [];
    const column = sql.ref(`${alias}.customer_id`);
    return isUuid(o.userId)
      ? [sql`${column} = ${o.userId}::uuid`]
      : [
          sql`${column} in (select c.id from customers c
                            where c.email in (${o.userId}, ${o.userId.toLowerCase()}) and c.deleted_at is null)`,
        ];
  };

  // Status and New York days. A successful row is a captured charge or a paid pay-back; any other
  // state is read from the partial state index, whose predicate the filter then states.
  const byStatusAndDays = (alias: 'a' | 'p') => {
    const parts: RawBuilder<unknown>[] = [];
    if (o.status === 'success') parts.push(succeeded[alias]);
    else if (o.status)
      parts.push(notSucceeded[alias], sql`${alias === 'a' ? attemptState : payoutState} = ${o.status}`);
    const at = sql.ref(`${alias}.created_at`);
    if (o.from) parts.push(sql`${at} >= (${o.from}::date::timestamp at time zone ${NEW_YORK}::text)`);
    if (o.to) parts.push(sql`${at} < ((${o.to}::date + 1)::timestamp at time zone ${NEW_YORK}::text)`);
    return parts;
  };

  const byTypeAndStateOnly = !o.transactionId && !o.userId && !o.from && !o.to;
  const counted = (rows: CountedRows[], rollups: RawBuilder<unknown>) =>
    !byTypeAndStateOnly ? null : o.status ? rollups : sql`(${countedRowsSql(rows)})`;
  const payin = types.includes('CAPTURE');
  const subscription = types.includes('SUBSCRIPTION_CAPTURE');
  if (payin || subscription) {
    // Plan charges as "not a pay-in" (the only other kind), the predicate of their partial indexes.
    const payins = sql`a.kind = 'payin'`;
    const planCharges = sql`a.kind <> 'payin'`;
    const both = payin && subscription;
    const kind = both ? [] : [payin ? payins : planCharges];
    out.push({
      alias: 'a',
      columns: attemptColumns,
      from: sql`payment_attempts a`,
      where: [...kind, ...byTx('a'), ...byUser('a'), ...byStatusAndDays('a')],
      counted: counted(
        [
          ...(payin ? (['payment_attempts:payin'] as const) : []),
          ...(subscription ? (['payment_attempts:subscription'] as const) : []),
        ],
        sql`(select coalesce(sum(a.n), 0) from attempt_rollups a
             where ${whereOf([...kind, sql`${attemptState} = ${o.status ?? ''}`])})`,
      ),
      runs: (sort, d) => {
        const date = byDate('a', d);
        if (sort === 'amount') {
          // A pay-in is always $3 (check payment_attempts_payin_amount): pay-ins by amount are pay-ins by date.
          const payinRun = { where: [payins], key: date };
          const planRun = { where: [planCharges], key: sql`a.amount_cents ${d}, ${date}` };
          return both ? [payinRun, planRun] : [payin ? payinRun : planRun];
        }
        if (sort === 'type' && both) {
          return [
            { where: [payins], key: date },
            { where: [planCharges], key: date },
          ];
        }
        if (sort === 'transactionStatus' && !o.status) {
          return [
            { where: [succeeded.a], key: date },
            { where: [notSucceeded.a], key: sql`${attemptState} ${d}, ${date}` },
          ];
        }
        return [{ where: [], key: date }];
      },
    });
  }
  if (types.includes('PAYOUT')) {
    out.push({
      alias: 'p',
      columns: payoutColumns,
      from: sql`payouts p`,
      where: [...byTx('p'), ...byUser('p'), ...byStatusAndDays('p')],
      counted: counted(
        ['payouts'],
        sql`(select coalesce(sum(p.n), 0) from payout_rollups p where ${payoutState} = ${o.status ?? ''})`,
      ),
      // Every pay-back is $3 (check payouts_amount) and of one type: by amount or type is by date.
      runs: (sort, d) =>
        sort === 'transactionStatus' && !o.status
          ? [
              { where: [succeeded.p], key: byDate('p', d) },
              { where: [notSucceeded.p], key: sql`${payoutState} ${d}, ${byDate('p', d)}` },
            ]
          : [{ where: [], key: byDate('p', d) }],
    });
  }
  return out;
}

const whereOf = (parts: RawBuilder<unknown>[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

const mergedKey = (sort: TransactionSort, d: RawBuilder<unknown>) =>
  sort === 'amount'
    ? sql`amount_cents ${d}, created_at ${d}, id ${d}`
    : sort === 'type'
      ? sql`type ${d}, created_at ${d}, id ${d}`
      : sort === 'transactionStatus'
        ? sql`state ${d}, created_at ${d}, id ${d}`
        : sql`created_at ${d}, id ${d}`;

/**
 * Charges and pay-backs merged, one page. Each side is read top-(offset+limit) along its own
 * index for the sort, so the merge sorts at most 2 x (offset+limit) rows whatever the table
 * sizes; customer and card are joined to the page's rows only.
 */
export async function listTransactions(
  db: Db,
  o: TransactionListOptions,
): Promise<{ rows: TransactionRow[]; totalCount: number }> {
  const parts = branches(o);
  if (parts.length === 0) return { rows: [], totalCount: 0 };
  const d = o.order === 'asc' ? sql`asc` : sql`desc`;
  const top = o.offset + o.limit;
  const union = sql.join(
    parts.flatMap((b) =>
      b
        .runs(o.sort, d)
        .map(
          (run) =>
            sql`(select ${b.columns} from ${b.from} where ${whereOf([...b.where, ...run.where])} order by ${run.key} limit ${top})`,
        ),
    ),
    sql` union all `,
  );
  const counts = sql.join(
    parts.map((b) => b.counted ?? sql`(select count(*) from ${b.from} where ${whereOf(b.where)})`),
    sql` + `,
  );
  const [rows, totalCount] = await Promise.all([
    sql<TransactionRow>`
      select x.*, cu.email, cd.brand, cd.last_four,
             (select ds.status from disputes ds where ds.attempt_id = x.id order by ds.opened_at desc limit 1)
               as dispute_status,
             ${refundedOf} as refunded_cents, ${refundsAgainst(sql`x.id`)} as refunds_against_cents,
             ${bankReturnSql('x')} as bank_return
      from (select * from (${union}) u order by ${mergedKey(o.sort, d)} limit ${o.limit} offset ${o.offset}) x
      join customers cu on cu.id = x.customer_id
      join cards cd on cd.id = x.card_id
      order by ${mergedKey(o.sort, d)}`.execute(db),
    sql<{ n: number }>`select (${counts})::int as n`.execute(db).then((r) => r.rows[0]?.n ?? 0),
  ]);
  return { rows: rows.rows, totalCount };
}

/** Charges by id, as transaction rows (newest first). */
export async function chargesByIds(db: Db, ids: string[]): Promise<TransactionRow[]> {
  const r = await sql<TransactionRow>`
    select x.*, cu.email, cd.brand, cd.last_four
    from (select ${attemptColumns} from payment_attempts a where a.id = any(${ids}::uuid[])) x
    join customers cu on cu.id = x.customer_id
    join cards cd on cd.id = x.card_id
    order by x.created_at desc, x.id desc`.execute(db);
  return r.rows;
}

/** Where a keyset walk stands: the last row's exact creation time (text, microseconds kept) and id. */
export interface KeysetCursor {
  at: string;
  id: string;
}

/**
 * One batch of the filtered transactions, newest first, strictly after `after` (the CSV export
 * walks them this way: each side reads at most `limit` rows along its (created_at, id) index, so
 * memory stays bounded however many rows match).
 */
export async function transactionsBatch(
  db: Db,
  filter: TransactionFilter,
  after: KeysetCursor | null,
  limit: number,
): Promise<(TransactionRow & { cursor_at: string })[]> {
  const parts = branches(filter);
  if (parts.length === 0) return [];
  const union = sql.join(
    parts.map((b) => {
      const keyset = after
        ? [
            sql`(${sql.ref(`${b.alias}.created_at`)}, ${sql.ref(`${b.alias}.id`)}) < (${after.at}::timestamptz, ${after.id}::uuid)`,
          ]
        : [];
      return sql`(select ${b.columns} from ${b.from} where ${whereOf([...b.where, ...keyset])}
        order by ${byDate(b.alias, sql`desc`)} limit ${limit})`;
    }),
    sql` union all `,
  );
  const r = await sql<TransactionRow & { cursor_at: string }>`
    select x.*, to_char(x.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
           cu.email, cd.brand, cd.last_four, ${refundedOf} as refunded_cents
    from (select * from (${union}) u order by created_at desc, id desc limit ${limit}) x
    join customers cu on cu.id = x.customer_id
    join cards cd on cd.id = x.card_id
    order by x.created_at desc, x.id desc`.execute(db);
  return r.rows;
}
