import { ACTIVITY_WINDOW_MS, type ActivityPage, activityQuery } from '@pria/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { invalid } from '../../platform/errors.ts';
import { type ActivityReader, toActivityRow } from './transaction-view.ts';
import { listActivity } from './transactions.repo.ts';

export { ACTIVITY_WINDOW_MS, activityQuery };

/**
 * One page of a customer's activity: the window ends now and spans 180 days unless asked
 * otherwise; worded for the customer in their language, or for staff reading a client's.
 */
export async function activityPage(
  db: Db,
  customerId: string,
  q: z.output<typeof activityQuery>,
  now: Date,
  reader: ActivityReader = { customer: 'en' },
): Promise<ActivityPage> {
  const end = new Date(q.endDate ?? now.getTime());
  const start = new Date(q.startDate ?? end.getTime() - ACTIVITY_WINDOW_MS);
  if (start > end) throw invalid('The start date must be before the end date');
  const { rows, totalCount } = await listActivity(db, {
    customerId,
    start,
    end,
    cardId: q.cardId,
    limit: q.limit,
  });
  return { rows: rows.map((r) => toActivityRow(r, reader)), totalCount };
}
