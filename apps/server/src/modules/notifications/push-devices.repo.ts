import type { Db } from '../../platform/db.ts';

/** A device as its owner sees it in Account → Notifications (no keys, no endpoint). */
export interface PushDeviceView {
  id: string;
  device: string;
  /** The browser's User-Agent when push was turned on; null for devices from before it was kept. */
  userAgent: string | null;
  createdAt: Date;
  lastSentAt: Date | null;
}

/** The most devices one customer may have; a new one past that replaces the oldest. */
export const MAX_PUSH_DEVICES = 10;

export async function listPushDevices(db: Db, customerId: string): Promise<PushDeviceView[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['id', 'device', 'user_agent', 'created_at', 'last_sent_at'])
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    device: r.device,
    userAgent: r.user_agent,
    createdAt: r.created_at,
    lastSentAt: r.last_sent_at,
  }));
}

/**
 * Keeps a device's subscription for this customer. The endpoint identifies the browser profile:
 * subscribing again (new keys, or another person signed in on a shared device) moves it to this
 * customer with the new keys, so messages never reach the previous owner of the device.
 */
export async function savePushDevice(
  db: Db,
  d: {
    customerId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    device: string;
    userAgent: string | null;
  },
): Promise<PushDeviceView> {
  const row = await db
    .insertInto('push_subscriptions')
    .values({
      customer_id: d.customerId,
      endpoint: d.endpoint,
      p256dh: d.p256dh,
      auth: d.auth,
      device: d.device,
      user_agent: d.userAgent,
    })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        customer_id: d.customerId,
        p256dh: d.p256dh,
        auth: d.auth,
        device: d.device,
        user_agent: d.userAgent,
      }),
    )
    .returning(['id', 'device', 'user_agent', 'created_at', 'last_sent_at'])
    .executeTakeFirstOrThrow();
  // Past the limit, the oldest devices go (a phone replaced years ago, not the one in hand).
  await db
    .deleteFrom('push_subscriptions')
    .where('customer_id', '=', d.customerId)
    .where(
      'id',
      'not in',
      db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('customer_id', '=', d.customerId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(MAX_PUSH_DEVICES),
    )
    .execute();
  return {
    id: row.id,
    device: row.device,
    userAgent: row.user_agent,
    createdAt: row.created_at,
    lastSentAt: row.last_sent_at,
  };
}

/** Removes one of the customer's devices; false when it is not theirs (or already gone). */
export async function removePushDevice(db: Db, customerId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('push_subscriptions')
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Every device of a customer (account deletion); their queued messages' text is erased first. */
export async function removeAllPushDevices(db: Db, customerId: string): Promise<void> {
  const devices = db.selectFrom('push_subscriptions').select('id').where('customer_id', '=', customerId);
  await db
    .updateTable('message_outbox')
    .set({ subject: null, text_body: '[erased]' })
    .where('push_subscription_id', 'in', devices)
    .execute();
  await db.deleteFrom('push_subscriptions').where('customer_id', '=', customerId).execute();
}

export async function countPushDevices(db: Db, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
