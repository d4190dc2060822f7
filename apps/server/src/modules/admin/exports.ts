import { Readable, type Readable as ReadableStream } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type CustomerFilter, isoInNewYork, type TransactionStatus } from '@pria/contracts';
import { stringify } from 'csv-stringify';
import { type AuditContext, recordStaffAction } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { reconciliationLinesBatch } from '../billing/index.ts';
import { clientsBatch } from './clients.repo.ts';
import { type Cell, safeCell } from './csv-cell.ts';
import { type KeysetCursor, transactionsBatch } from './transactions.repo.ts';

/**
 * CSV exports (issue 16): rows are read from the database in keyset batches of BATCH and
 * written as they come, so memory stays bounded at any row count. Money is in dollars with two
 * decimals and in cents; no card number (not even the last four) is exported. When the stream
 * ends (or the caller goes away) the export is written to the staff audit trail: who, what,
 * the filters and how many rows were sent.
 */
export const BATCH = 1000;

export type { Cell };

export interface CsvExport {
  /** For Content-Disposition, e.g. pria-transactions-2026-11-26.csv. */
  filename: string;
  columns: string[];
  rows: AsyncIterable<Cell[]>;
}

/** Dollars with two decimals from whole cents: 300 -> '3.00', -5 -> '-0.05'. */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// ISO 8601 with New York's offset: the instant for programs, New York's date for the person reading it.
const iso = (d: Date | null) => (d ? isoInNewYork(d) : '');

/** Walks batches until one comes back short. */
async function* keysetWalk<T, C>(
  fetch: (after: C | null) => Promise<T[]>,
  cursorOf: (row: T) => C,
): AsyncGenerator<T> {
  let after: C | null = null;
  for (;;) {
    const batch = await fetch(after);
    for (const row of batch) yield row;
    const last = batch.at(-1);
    if (batch.length < BATCH || last === undefined) return;
    after = cursorOf(last);
  }
}

export function transactionsExport(
  db: Db,
  filter: {
    transactionId?: string;
    type?: string;
    status?: TransactionStatus;
    from?: string;
    to?: string;
    userId?: string;
  },
  today: string,
): CsvExport {
  const rows = keysetWalk(
    (after: KeysetCursor | null) => transactionsBatch(db, filter, after, BATCH),
    (r) => ({ at: r.cursor_at, id: r.id }),
  );
  return {
    filename: `pria-transactions-${today}.csv`,
    columns: [
      'id',
      'created_at',
      'transaction_id',
      'type',
      'status',
      'verified',
      'returned',
      'amount_usd',
      'amount_cents',
      'customer_id',
      'customer_email',
      'card_brand',
      'description',
      'remarks',
      'due_at',
      'sent_at',
      'settled_at',
      // Appended, so readers of the earlier columns by position still read them.
      'refunded_usd',
      'refunded_cents',
    ],
    rows: (async function* () {
      for await (const r of rows) {
        const cents = Number(r.amount_cents);
        const refunded = Number(r.refunded_cents ?? 0);
        yield [
          r.id,
          iso(r.created_at),
          r.transaction_id,
          r.type,
          r.state,
          r.is_verified,
          r.is_returned,
          dollars(cents),
          cents,
          r.customer_id,
          r.email,
          r.brand,
          r.description,
          r.remarks,
          iso(r.due_at),
          iso(r.sent_at),
          iso(r.settled_at),
          dollars(refunded),
          refunded,
        ];
      }
    })(),
  };
}

export function clientsExport(
  db: Db,
  filter: { search?: string; filter?: CustomerFilter },
  today: string,
): CsvExport {
  const rows = keysetWalk(
    (after: KeysetCursor | null) => clientsBatch(db, filter, after, BATCH),
    (r) => ({ at: r.cursor_at, id: r.id }),
  );
  return {
    filename: `pria-clients-${today}.csv`,
    columns: [
      'id',
      'created_at',
      'email',
      'first_name',
      'middle_name',
      'last_name',
      'phone',
      'address1',
      'address2',
      'city',
      'state',
      'postal_code',
      'country',
      'onboarding_step',
      'plan',
      'subscription_status',
      'deleted_at',
    ],
    rows: (async function* () {
      for await (const r of rows) {
        yield [
          r.id,
          iso(r.created_at),
          r.email,
          r.first_name,
          r.middle_name,
          r.last_name,
          r.phone,
          r.address1,
          r.address2,
          r.locality,
          r.administrative_area,
          r.postal_code,
          r.country,
          r.onboarding_index,
          r.plan_name ?? r.plan_id,
          r.subscription_id ? r.subscription_state : null,
          iso(r.deleted_at),
        ];
      }
    })(),
  };
}

export function reconciliationExport(db: Db, period: string): CsvExport {
  const rows = keysetWalk(
    (after: string | null) => reconciliationLinesBatch(db, period, after, BATCH),
    (r) => r.id,
  );
  const money = (cents: number | null) =>
    cents === null ? ['', ''] : [dollars(Number(cents)), Number(cents)];
  return {
    filename: `pria-reconciliation-${period}.csv`,
    columns: [
      'period',
      'charge_id',
      'reference',
      'created_at',
      'customer_id',
      'customer_email',
      'charge_status',
      'charged_usd',
      'charged_cents',
      'payback_status',
      'paid_back_usd',
      'paid_back_cents',
      'dispute_status',
      'dispute_lost',
      'charged_at',
      'paid_back_at',
      // Appended, so readers of the earlier columns by position still read them.
      'refunded_usd',
      'refunded_cents',
    ],
    rows: (async function* () {
      for await (const r of rows) {
        const charged = r.status === 'captured' ? Number(r.amount_cents) : null;
        const paid = r.payout_status === 'paid' ? Number(r.payout_cents) : null;
        const disputed = r.dispute_status === 'open' || r.dispute_status === 'lost';
        yield [
          period,
          r.id,
          r.reference,
          iso(r.created_at),
          r.customer_id,
          r.email,
          r.status,
          ...money(charged),
          r.payout_status,
          ...money(paid),
          r.dispute_status,
          // As reconciliation counts 'lost': disputed after the pay-back went out.
          disputed && r.payback_sent === true,
          iso(r.sent_at),
          iso(r.paid_at),
          ...money(r.refunded_cents),
        ];
      }
    })(),
  };
}

/**
 * The CSV as a stream for the reply. One audit row says who exported what with which filters
 * and how many rows went out: written after the last row is read and before the stream ends
 * (so a caller who got the whole file can find it), or, when the caller goes away or a read
 * fails, when the stream is torn down (complete: false).
 */
export function csvStream(
  exp: CsvExport,
  opts: { db: Db; audit: AuditContext; action: string; filters: unknown; logger: Logger },
): ReadableStream {
  let count = 0;
  let audited = false;
  const audit = async (complete: boolean) => {
    if (audited) return;
    audited = true;
    await recordStaffAction(opts.db, opts.audit, {
      action: opts.action,
      targetType: 'export',
      targetId: exp.filename,
      after: { filters: opts.filters, rowCount: count, complete },
    });
  };
  async function* counted() {
    try {
      for await (const row of exp.rows) {
        count++;
        yield row.map(safeCell);
      }
      await audit(true);
    } finally {
      if (!audited) {
        opts.logger.warn({ action: opts.action, rows: count }, 'export stopped before its end');
        await audit(false).catch((err: unknown) =>
          opts.logger.error({ err, action: opts.action }, 'could not audit an export'),
        );
      }
    }
  }
  const csv = stringify({
    header: true,
    columns: exp.columns,
    cast: { boolean: (b) => (b ? 'true' : 'false') },
  });
  pipeline(Readable.from(counted()), csv).catch(() => {
    // The reply saw the error (the connection is cut); the finally above audited it.
  });
  return csv;
}
