import type { Db } from '../../platform/db.ts';

/** The customer's own actions on their data, in the application log (stream 'account'), with them as actor. */
export async function logExportEvent(
  db: Db,
  customerId: string,
  message: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insertInto('event_log')
    .values({ stream: 'account', message, actor: customerId, data: JSON.stringify({ customerId, ...data }) })
    .execute();
}
