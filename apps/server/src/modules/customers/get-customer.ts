import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { currentCustomer, isUpToDate } from './current-customer.ts';
import { toCustomerView } from './customer-view.ts';
import {
  findCustomerById,
  findCustomerRecordByIdentity,
  findCustomerRecordVersion,
} from './customers.repo.ts';
import type { RecordCache } from './record-cache.ts';

/**
 * What a customer's record embeds from modules above this one: their subscription and their
 * notification choices. A port (modules/index.ts wires the subscriptions and notifications
 * modules' functions), so this module depends on neither.
 */
export interface CustomerRecordParts {
  /** The subscription view from the raw rows the fast path joins (null: none). */
  subscriptionFromRecord(
    subscription: unknown,
    plan: unknown,
    periodPlan: unknown,
    nextPlan: unknown,
    /** What billing's pause rule says of it (`pauseState`): paused since, renews at its end. */
    pause: { since: Date | null; renews: boolean },
  ): unknown;
  subscriptionOf(db: Db, customerId: string): Promise<unknown>;
  preferencesFromRow(
    row: { for_email: string[]; for_sms: string[]; for_push: string[] } | undefined,
  ): unknown;
  preferencesOf(db: Db, customerId: string): Promise<unknown>;
}

/** The caller's own record as `GET /customers/me` answers it (before its plans are named in a language). */
export type OwnRecord = ReturnType<typeof toCustomerView> & { subscription: unknown; notification: unknown };

/**
 * A customer's record: the caller's own ('me' or their id), or anyone's for staff holding
 * customer:get. Someone else's id without the permission is refused with 403, whether or not
 * it exists, so ids cannot be probed. The caller's own, the dashboard's most frequent call, is
 * served from `records` while its version is unchanged (ADR 78): one small query instead of the
 * record's.
 */
export async function getCustomer(
  db: Db,
  parts: CustomerRecordParts,
  principal: Principal,
  id: string,
  records: RecordCache<OwnRecord>,
): Promise<OwnRecord> {
  if (id === 'me') {
    const kept = records.get(principal);
    if (kept) {
      const unchanged = (await findCustomerRecordVersion(db, kept.customer.id)) === kept.changes;
      if (unchanged && isUpToDate(kept.customer, principal)) return kept.view;
    }
    // The frequent case in one query; a first call (or a changed email) takes the path below.
    const record = await findCustomerRecordByIdentity(db, principal.issuer, principal.subject);
    if (record && isUpToDate(record.customer, principal)) {
      const view: OwnRecord = {
        ...toCustomerView(record.customer),
        subscription: record.subscription
          ? parts.subscriptionFromRecord(
              record.subscription.subscription,
              record.subscription.plan,
              record.subscription.periodPlan,
              record.subscription.nextPlan,
              record.subscription.pause,
            )
          : null,
        notification: parts.preferencesFromRow(record.preferences),
      };
      records.set(principal, { changes: record.changes, customer: record.customer, view });
      return view;
    }
  }
  const own = await currentCustomer(db, principal);
  if (id === 'me' || id === own.id) return withParts(db, parts, toCustomerView(own));
  if (!principal.permissions.has('customer:get')) throw forbidden();
  if (!isUuid(id)) throw notFound('Customer not found');
  const row = await findCustomerById(db, id);
  if (!row) throw notFound('Customer not found');
  return withParts(db, parts, toCustomerView(row));
}

async function withParts(
  db: Db,
  parts: CustomerRecordParts,
  view: ReturnType<typeof toCustomerView>,
): Promise<OwnRecord> {
  const [subscription, notification] = await Promise.all([
    parts.subscriptionOf(db, view.id),
    parts.preferencesOf(db, view.id),
  ]);
  return { ...view, subscription, notification };
}
