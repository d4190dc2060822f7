import { type AdminTransactionRow, brandCodes, type Page, type TransactionStatus } from '@pria/contracts';
import type { Db } from '../../platform/db.ts';
import type { AttemptStatus } from '../../platform/db-schema.ts';
import { refundableCents } from '../billing/index.ts';
import { offsetOf, pageOf } from './paging.ts';
import { listTransactions, type TransactionRow, type TransactionSort } from './transactions.repo.ts';

export interface ListTransactionsQuery {
  sort: TransactionSort;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
  transactionId?: string;
  type?: string;
  userId?: string;
  status?: TransactionStatus;
  from?: string;
  to?: string;
}

/** The admin transactions list: every charge and pay-back, one page. */
export async function listTransactionsPage(
  db: Db,
  q: ListTransactionsQuery,
): Promise<Page<AdminTransactionRow>> {
  const { rows, totalCount } = await listTransactions(db, {
    sort: q.sort,
    order: q.order,
    offset: offsetOf(q.page, q.limit),
    limit: q.limit,
    transactionId: q.transactionId || undefined,
    type: q.type || undefined,
    userId: q.userId,
    status: q.status,
    from: q.from,
    to: q.to,
  });
  return pageOf(rows.map(toTransactionRow), q.page, q.limit, totalCount);
}

export function toTransactionRow(r: TransactionRow): AdminTransactionRow {
  return {
    id: r.id,
    createdAt: r.created_at.toISOString(),
    dueAt: new Date(r.due_at).toISOString(),
    sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
    settledAt: r.settled_at ? new Date(r.settled_at).toISOString() : null,
    transactionId: r.transaction_id,
    customer: { id: r.customer_id, email: r.email },
    card: {
      id: r.card_id,
      brand: r.brand,
      brandCode: brandCodes[r.brand as keyof typeof brandCodes] ?? '',
      lastFour: r.last_four,
    },
    type: r.type,
    transactionStatus: r.state,
    isVerified: r.is_verified,
    isReturned: r.is_returned,
    amount: Number(r.amount_cents),
    remarks: r.remarks,
    description: r.description,
    dispute: r.dispute_status ?? null,
    refundedCents: Number(r.refunded_cents ?? 0),
    // What the Refund button may still send: the refund's own rule (`refundableCents`), so a charge
    // refunded in full (issue 29) or returned by the bank through a dispute (issue 38) offers none.
    refundableCents:
      r.type === 'PAYOUT' || r.refunds_against_cents == null
        ? null
        : refundableCents({
            kind: r.type === 'CAPTURE' ? 'payin' : 'subscription',
            status: r.money_status as AttemptStatus,
            bank_return: r.bank_return ?? null,
            amount_cents: r.amount_cents,
            refunded: Number(r.refunds_against_cents),
          }),
  };
}
