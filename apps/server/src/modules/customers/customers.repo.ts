import { type Selectable, sql } from 'kysely';
import { type Db, namedStatement, sqlText } from '../../platform/db.ts';
import type { CustomersTable } from '../../platform/db-schema.ts';
import { pauseState } from '../billing/index.ts';

export type CustomerRow = Selectable<CustomersTable>;

/** Every column of customers, named (a prepared statement must not select `*`; see namedStatement). */
const customerColumns = [
  'id',
  'issuer',
  'subject',
  'email',
  'email_verified',
  'first_name',
  'middle_name',
  'last_name',
  'phone',
  'address1',
  'address2',
  'locality',
  'administrative_area',
  'country',
  'postal_code',
  'onboarding_index',
  'selected_plan_id',
  'is_staff',
  'language',
  'created_at',
  'updated_at',
  'deleted_at',
] as const satisfies readonly (keyof CustomersTable)[];
// A column added to CustomersTable but not listed above fails the typecheck here.
const everyColumnListed: Exclude<keyof CustomersTable, (typeof customerColumns)[number]> extends never
  ? true
  : never = true;
void everyColumnListed;
const customerSelect = (alias: string) => customerColumns.map((c) => `${alias}.${c}`).join(', ');

// NOTE: runs on nearly every authenticated call (currentCustomer).
const customerByIdentity = namedStatement<CustomerRow>(
  'customer_by_identity',
  `select ${customerSelect('c')} from customers c where c.issuer = $1 and c.subject = $2`,
);

export async function findCustomerByIdentity(
  db: Db,
  issuer: string,
  subject: string,
): Promise<CustomerRow | undefined> {
  return (await customerByIdentity(db, [issuer, subject]))[0];
}

export async function findCustomerById(db: Db, id: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Inserts the customer for (issuer, subject) or refreshes the identity fields the token carries.
 * NOTE: ON CONFLICT makes two first calls racing from two tabs end with one row.
 */
export async function upsertCustomerIdentity(
  db: Db,
  identity: {
    issuer: string;
    subject: string;
    email: string | null;
    emailVerified: boolean;
    isStaff: boolean;
  },
): Promise<CustomerRow> {
  return db
    .insertInto('customers')
    .values({
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
      email_verified: identity.emailVerified,
      is_staff: identity.isStaff,
    })
    .onConflict((oc) =>
      oc.columns(['issuer', 'subject']).doUpdateSet((eb) => ({
        email: eb.fn.coalesce(eb.ref('excluded.email'), eb.ref('customers.email')),
        // Verified stays verified while the address is the same (see isUpToDate); a new
        // address takes the token's word.
        email_verified: sql<boolean>`case when customers.email is not distinct from coalesce(excluded.email, customers.email)
          then customers.email_verified or excluded.email_verified else excluded.email_verified end`,
        is_staff: eb.ref('excluded.is_staff'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateCustomerProfile(
  db: Db,
  id: string,
  p: {
    firstName: string;
    middleName: string | null;
    lastName: string;
    phone: string;
    address: {
      address1: string | null;
      address2: string | null;
      locality: string | null;
      administrativeArea: string | null;
      country: string;
      postalCode: string;
    };
  },
): Promise<CustomerRow> {
  return db
    .updateTable('customers')
    .set({
      first_name: p.firstName,
      middle_name: p.middleName,
      last_name: p.lastName,
      phone: p.phone,
      address1: p.address.address1,
      address2: p.address.address2,
      locality: p.address.locality,
      administrative_area: p.address.administrativeArea,
      country: p.address.country,
      postal_code: p.address.postalCode,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The onboarding step to come back to and, from the plan step, the plan chosen there. */
export async function setOnboardingIndex(
  db: Db,
  id: string,
  index: number,
  selectedPlanId?: string,
): Promise<CustomerRow> {
  return db
    .updateTable('customers')
    .set({
      onboarding_index: index,
      ...(selectedPlanId ? { selected_plan_id: selectedPlanId } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

const pause = pauseState('s');
/**
 * The record's version: how many changes its rows have had (migration 0113's triggers add a row
 * per change, in the changing transaction). Read in the record's own statement, so an answer and
 * its version come from one snapshot.
 */
const changesOf = (customerId: string) =>
  `(select count(*) from customer_record_changes r where r.customer_id = ${customerId})`;
const recordChanges = changesOf('c.id');
const customerRecordVersion = namedStatement<{ changes: string }>(
  'customer_record_version',
  `select ${changesOf('$1::uuid')} as changes`,
);

/**
 * Customer `id`'s record version now. By id, not identity: a customers row is never deleted, so an
 * identity only moves to another row once its own row changed, which moves its version too.
 */
export async function findCustomerRecordVersion(db: Db, id: string): Promise<string> {
  const [row] = await customerRecordVersion(db, [id]);
  return row?.changes ?? '0';
}
// Each part as one json column: pg builds a parser per column of every result, which for the
// customer's 19 columns cost more than parsing one JSON text.
const customerRecordByIdentity = namedStatement<{
  customer: CustomerJson;
  subscription: unknown;
  plan: unknown;
  period_plan: unknown;
  next_plan: unknown;
  paused_since: Date | null;
  renews: boolean;
  for_email: string[] | null;
  for_sms: string[] | null;
  for_push: string[] | null;
  changes: string;
}>(
  'customer_record_by_identity',
  `select ${recordChanges} as changes, to_json(c) as customer, to_json(s) as subscription, to_json(p) as plan,
          (select json_build_object('id', q.id, 'name', q.name)
             from payment_attempts a join plans q on q.id = a.plan_id
            where a.subscription_id = s.id and a.kind = 'subscription' and a.status = 'captured'
            order by a.period desc limit 1) as period_plan,
          to_json(n) as next_plan,
          ${sqlText(pause.since)} as paused_since, ${sqlText(pause.renews)} as renews,
          np.for_email, np.for_sms, np.for_push
   from customers c
   left join subscriptions s on s.customer_id = c.id
   left join plans p on p.id = s.plan_id
   left join plans n on n.id = s.next_plan_id
   left join notification_preferences np on np.customer_id = c.id
   where c.issuer = $1 and c.subject = $2`,
);

type CustomerJson = Omit<CustomerRow, 'created_at' | 'updated_at' | 'deleted_at'> & {
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
};

/** A customer read as `to_json(c)`, typed as a plain select returns it (timestamps as Dates). */
function customerFromJson(c: CustomerJson): CustomerRow {
  return {
    ...c,
    created_at: new Date(c.created_at),
    updated_at: new Date(c.updated_at),
    deleted_at: c.deleted_at === null ? null : new Date(c.deleted_at),
  };
}

/**
 * The caller's whole customer record in one round trip: the row, the subscription with its plan
 * and the notification choices (GET /customers/me is the dashboard's most frequent call).
 * NOTE: reads the subscriptions, plans, payment_attempts (the plan its period was paid on, as
 * findSubscriptionWithPlan does), subscription_pauses (by the pause rule, billing's `pauseState`)
 * and notification_preferences tables of other modules;
 * their modules turn the raw parts into views (subscriptionFromJson, preferencesFromRow).
 */
export async function findCustomerRecordByIdentity(db: Db, issuer: string, subject: string) {
  const [row] = await customerRecordByIdentity(db, [issuer, subject]);
  if (!row) return undefined;
  return {
    changes: row.changes,
    customer: customerFromJson(row.customer),
    subscription:
      row.subscription && row.plan
        ? {
            subscription: row.subscription,
            plan: row.plan,
            periodPlan: row.period_plan,
            nextPlan: row.next_plan,
            pause: { since: row.paused_since, renews: row.renews },
          }
        : null,
    preferences:
      row.for_email && row.for_sms
        ? { for_email: row.for_email, for_sms: row.for_sms, for_push: row.for_push ?? [] }
        : undefined,
  };
}

/** The spec's threshold: onboarding is complete at index 3. */
export const ONBOARDING_COMPLETE = 3;

/**
 * A customer whose subscription started has finished onboarding, however it was bought (the
 * wizard, or the API directly): they are never sent back to the welcome screen.
 */
export async function markOnboarded(db: Db, customerId: string): Promise<void> {
  await db
    .updateTable('customers')
    .set({
      onboarding_index: sql`greatest(onboarding_index, ${ONBOARDING_COMPLETE})`,
      updated_at: new Date(),
    })
    .where('id', '=', customerId)
    .where('onboarding_index', '<', ONBOARDING_COMPLETE)
    .execute();
}

/**
 * The identity provider verified this address (its link was used): the customer row says so at
 * once, before any new token does, so money notices go out from now on. Only the address that
 * was verified, and only for that identity. The row is created if the identity has made no API
 * call yet (a link used before the app's first call must count too).
 */
export async function markEmailVerified(
  db: Db,
  identity: { issuer: string; subject: string; email: string },
): Promise<void> {
  await db
    .insertInto('customers')
    .values({
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
      email_verified: true,
    })
    .onConflict((oc) =>
      oc
        .columns(['issuer', 'subject'])
        .doUpdateSet({ email_verified: true, updated_at: new Date() })
        .where(sql<string>`lower(customers.email)`, '=', identity.email.toLowerCase())
        .where('customers.email_verified', '=', false),
    )
    .execute();
}

/**
 * The customer's language, and the account's log line saying so, in one transaction (ADR 71:
 * a choice that changes every message sent to them is recorded like their other account changes).
 */
export async function setCustomerLanguage(db: Db, id: string, language: 'en' | 'es'): Promise<CustomerRow> {
  return db.transaction().execute(async (tx) => {
    const before = await tx
      .selectFrom('customers')
      .select('language')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const row = await tx
      .updateTable('customers')
      .set({ language, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (before.language !== language)
      await tx
        .insertInto('event_log')
        .values({
          stream: 'account',
          message: `language set to ${language}`,
          actor: id,
          data: JSON.stringify({ customerId: id, from: before.language, to: language }),
        })
        .execute();
    return row;
  });
}
