import type { NotificationPreferences } from '@pria/contracts';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { currentCustomer } from '../customers/index.ts';
import { findNotificationPreferences, saveNotificationPreferences } from './account.repo.ts';

/**
 * A customer's notification choices ({ forEmail, forSms }); the default (no row) is every type
 * by email and none by SMS. The customer record includes this as `notification`.
 */
export function getNotificationPreferences(db: Db, customerId: string): Promise<NotificationPreferences> {
  return findNotificationPreferences(db, customerId);
}

export async function getOwnNotificationPreferences(
  db: Db,
  principal: Principal,
): Promise<NotificationPreferences> {
  const customer = await currentCustomer(db, principal);
  return findNotificationPreferences(db, customer.id);
}

export async function updateNotificationPreferences(
  db: Db,
  principal: Principal,
  input: NotificationPreferences,
): Promise<NotificationPreferences> {
  const customer = await currentCustomer(db, principal);
  await saveNotificationPreferences(db, customer.id, input);
  return findNotificationPreferences(db, customer.id);
}
