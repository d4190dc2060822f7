import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

/** This module's SQL: deletion codes, the erasure, audit rows (preferences: notifications module). */

export async function logAccountEvent(
  db: Db,
  customerId: string,
  message: string,
  data: Record<string, unknown> = {},
) {
  await db
    .insertInto('event_log')
    .values({ stream: 'account', message, actor: customerId, data: JSON.stringify({ customerId, ...data }) })
    .execute();
}

export async function countRecentAccountEvents(db: Db, customerId: string, message: string, minutes: number) {
  const { n } = await db
    .selectFrom('event_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('stream', '=', 'account')
    .where('actor', '=', customerId)
    .where('message', '=', message)
    .where('at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function countDeletionCodesSince(db: Db, customerId: string, minutes: number): Promise<number> {
  const { n } = await db
    .selectFrom('account_deletion_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Stores a new code; any earlier open code of the customer stops working. */
export async function insertDeletionCode(
  db: Db,
  row: { customerId: string; codeHash: string; channel: 'sms' | 'email'; expiresAt: Date },
): Promise<void> {
  await db
    .updateTable('account_deletion_codes')
    .set({ expires_at: sql<Date>`now()` })
    .where('customer_id', '=', row.customerId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
  await db
    .insertInto('account_deletion_codes')
    .values({
      customer_id: row.customerId,
      code_hash: row.codeHash,
      channel: row.channel,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** The customer's open code, locked for this transaction. */
export async function lockOpenDeletionCode(db: Db, customerId: string) {
  return db
    .selectFrom('account_deletion_codes')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export async function setDeletionCodeAttempts(db: Db, id: number, attempts: number): Promise<void> {
  await db.updateTable('account_deletion_codes').set({ attempts }).where('id', '=', id).execute();
}

/** Marks the code used; false when another request used it first. */
export async function consumeDeletionCode(db: Db, id: number): Promise<boolean> {
  const res = await db
    .updateTable('account_deletion_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Erases the personal data of a customer and keeps the row (its UUID is pseudonymous, and
 * cards, subscriptions and payment attempts keep pointing at it). The subject is replaced too,
 * so the deleted identity can never be matched to this row again.
 */
export async function eraseCustomer(
  db: Db,
  customer: { id: string; issuer: string; subject: string; email: string | null; phone: string | null },
) {
  await db
    .updateTable('customers')
    .set({
      subject: `deleted|${customer.id}`,
      email: null,
      email_verified: false,
      first_name: null,
      middle_name: null,
      last_name: null,
      phone: null,
      address1: null,
      address2: null,
      locality: null,
      administrative_area: null,
      postal_code: null,
      deleted_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', customer.id)
    .execute();
  await db.deleteFrom('notification_preferences').where('customer_id', '=', customer.id).execute();
  // Messages already delivered (or given up on) for the account lose their address and words;
  // so do those sent to its addresses for no account (queued before messages named theirs,
  // migration 0104). Another account's messages to the same number are not this customer's to
  // erase: an unverified phone number may be someone else's (issue 39).
  const recipients = [customer.email, customer.phone ? `+1${customer.phone}` : null, customer.phone].filter(
    (r): r is string => Boolean(r),
  );
  await db
    .updateTable('message_outbox')
    .set({ recipient: '[erased]', subject: null, text_body: '[erased]', html_body: null })
    .where('status', '<>', 'pending')
    .where((eb) =>
      eb.or([
        eb.and([eb('account_subject', '=', customer.subject), eb('account_issuer', '=', customer.issuer)]),
        ...(recipients.length
          ? [eb.and([eb('account_subject', 'is', null), eb('recipient', 'in', recipients)])]
          : []),
      ]),
    )
    .execute();
}
