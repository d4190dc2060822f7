import {
  defaultNotificationPreferences,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  type NotificationType,
} from '@pria/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

/**
 * A customer's notification choices ({ forEmail, forSms, forPush }); the default (no row) is every
 * type by email and none by SMS or push. Owned here because every message follows them; the account module's
 * settings screen reads and saves them through this module's index.
 */
export async function getNotificationPreferences(
  db: Db,
  customerId: string,
): Promise<NotificationPreferences> {
  const row = await db
    .selectFrom('notification_preferences')
    .select(['for_email', 'for_sms', 'for_push'])
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return preferencesFromRow(row);
}

/** Stored choices as the API shows them; no row means the defaults. */
export function preferencesFromRow(
  row: { for_email: string[]; for_sms: string[]; for_push?: string[] | null } | undefined,
): NotificationPreferences {
  if (!row)
    return {
      forEmail: [...defaultNotificationPreferences.forEmail],
      forSms: [...defaultNotificationPreferences.forSms],
      forPush: [...defaultNotificationPreferences.forPush],
    };
  return {
    forEmail: row.for_email as NotificationType[],
    forSms: row.for_sms as NotificationType[],
    forPush: (row.for_push ?? []) as NotificationType[],
  };
}

export async function saveNotificationPreferences(
  db: Db,
  customerId: string,
  p: NotificationPreferencesInput,
): Promise<void> {
  // Push left out (an older client): the saved push choices stay.
  const values = {
    for_email: p.forEmail,
    for_sms: p.forSms,
    ...(p.forPush ? { for_push: p.forPush } : {}),
    updated_at: sql<Date>`now()`,
  };
  await db
    .insertInto('notification_preferences')
    .values({ customer_id: customerId, ...values })
    .onConflict((oc) => oc.column('customer_id').doUpdateSet(values))
    .execute();
}

/** Push choices only (the first device turned on chooses every type; see subscribe-push-device.ts). */
export async function savePushPreferences(
  db: Db,
  customerId: string,
  forPush: NotificationType[],
): Promise<void> {
  const current = await getNotificationPreferences(db, customerId);
  await saveNotificationPreferences(db, customerId, { ...current, forPush });
}
