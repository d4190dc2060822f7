import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { getNotificationPreferences, preferencesFromRow } from '../account/index.ts';
import { subscriptionFromJson, subscriptionOfCustomer, toSubscriptionView } from '../subscriptions/index.ts';
import { currentCustomer, isUpToDate } from './current-customer.ts';
import { toCustomerView } from './customer-view.ts';
import { findCustomerById, findCustomerRecordByIdentity } from './customers.repo.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A customer's record: the caller's own ('me' or their id), or anyone's for staff holding
 * customer:get. Someone else's id without the permission is refused with 403, whether or not
 * it exists, so ids cannot be probed.
 */
export async function getCustomer(db: Db, principal: Principal, id: string) {
  if (id === 'me') {
    // The frequent case in one query; a first call (or a changed email) takes the path below.
    const record = await findCustomerRecordByIdentity(db, principal.issuer, principal.subject);
    if (record && isUpToDate(record.customer, principal)) {
      const sub =
        record.subscription &&
        subscriptionFromJson(record.subscription.subscription, record.subscription.plan);
      return {
        ...toCustomerView(record.customer),
        subscription: sub ? toSubscriptionView(sub.subscription, sub.plan) : null,
        notification: preferencesFromRow(record.preferences),
      };
    }
  }
  const own = await currentCustomer(db, principal);
  if (id === 'me' || id === own.id) return withSubscription(db, toCustomerView(own));
  if (!principal.permissions.has('customer:get')) throw forbidden();
  if (!uuid.test(id)) throw notFound('Customer not found');
  const row = await findCustomerById(db, id);
  if (!row) throw notFound('Customer not found');
  return withSubscription(db, toCustomerView(row));
}

async function withSubscription(db: Db, view: ReturnType<typeof toCustomerView>) {
  const [subscription, notification] = await Promise.all([
    subscriptionOfCustomer(db, view.id),
    getNotificationPreferences(db, view.id),
  ]);
  return { ...view, subscription, notification };
}
