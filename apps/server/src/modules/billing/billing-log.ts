import type { Db } from '../../platform/db.ts';

/** A line in the application's event log (shown to staff in Logs). */
export async function logBillingEvent(db: Db, message: string, actor: string, data: Record<string, unknown>) {
  await db
    .insertInto('event_log')
    .values({ stream: 'billing', message, actor, data: JSON.stringify(data) })
    .execute();
}
