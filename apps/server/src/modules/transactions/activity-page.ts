import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { invalid } from '../../platform/errors.ts';
import { toActivityRow } from './transaction-view.ts';
import { listActivity } from './transactions.repo.ts';

/** The spec's default activity window: the last 180 days. */
export const ACTIVITY_WINDOW_MS = 15_552_000_000;

const epochMs = z.coerce.number().int().min(0).max(8_640_000_000_000_000);

/** The query of an activity table, the customer's own and the one staff read for a client. */
export const activityQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  startDate: epochMs.optional(),
  endDate: epochMs.optional(),
  cardId: z.uuid().optional(),
});

/** One page of a customer's activity: the window ends now and spans 180 days unless asked otherwise. */
export async function activityPage(db: Db, customerId: string, q: z.infer<typeof activityQuery>, now: Date) {
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
  return { rows: rows.map(toActivityRow), totalCount };
}
