import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { CustomersTable } from '../../platform/db-schema.ts';

export type CustomerRow = Selectable<CustomersTable>;

export async function findCustomerByIdentity(
  db: Db,
  issuer: string,
  subject: string,
): Promise<CustomerRow | undefined> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
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
  identity: { issuer: string; subject: string; email: string | null; emailVerified: boolean },
): Promise<CustomerRow> {
  return db
    .insertInto('customers')
    .values({
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
      email_verified: identity.emailVerified,
    })
    .onConflict((oc) =>
      oc.columns(['issuer', 'subject']).doUpdateSet((eb) => ({
        email: eb.fn.coalesce(eb.ref('excluded.email'), eb.ref('customers.email')),
        email_verified: eb.ref('excluded.email_verified'),
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

export async function setOnboardingIndex(db: Db, id: string, index: number): Promise<CustomerRow> {
  return db
    .updateTable('customers')
    .set({ onboarding_index: index, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
