import type { NotificationPreferences, NotificationPreferencesInput } from '@pria/contracts';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { currentCustomer } from '../customers/index.ts';
import { getNotificationPreferences, saveNotificationPreferences } from '../notifications/index.ts';

/** The caller's own notification choices (the settings screen); the record includes them as `notification`. */
export async function getOwnNotificationPreferences(
  db: Db,
  principal: Principal,
): Promise<NotificationPreferences> {
  const customer = await currentCustomer(db, principal);
  return getNotificationPreferences(db, customer.id);
}

export async function updateNotificationPreferences(
  db: Db,
  principal: Principal,
  input: NotificationPreferencesInput,
): Promise<NotificationPreferences> {
  const customer = await currentCustomer(db, principal);
  await saveNotificationPreferences(db, customer.id, input);
  return getNotificationPreferences(db, customer.id);
}
