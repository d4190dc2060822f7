import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

export interface ActivityFilter {
  customerId: string;
  start: Date;
  end: Date;
  cardId?: string;
  limit: number;
}

/**
 * A customer's money activity, newest first: charges to their cards (monthly pay-ins and plan
 * charges). Pay-backs join this list when the money engine records them.
 */
export async function listActivity(db: Db, f: ActivityFilter) {
  let q = db
    .selectFrom('payment_attempts as a')
    .innerJoin('cards as c', 'c.id', 'a.card_id')
    .where('a.customer_id', '=', f.customerId)
    .where('a.created_at', '>=', f.start)
    .where('a.created_at', '<=', f.end);
  if (f.cardId) q = q.where('a.card_id', '=', f.cardId);
  const [rows, total] = await Promise.all([
    q
      .select([
        'a.id',
        'a.created_at',
        'a.kind',
        'a.description',
        'a.status',
        'a.amount_cents',
        'a.decline_reason',
        'c.id as card_id',
        'c.brand',
        'c.last_four',
      ])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(f.limit)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: total.n };
}
