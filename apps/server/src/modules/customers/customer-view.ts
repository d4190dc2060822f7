import type { CustomerView } from '@pria/contracts';
import type { CustomerRow } from './customers.repo.ts';

/** The customer as the spec's client reads it (camelCase, address nested). */
export function toCustomerView(row: CustomerRow): CustomerView {
  return {
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    email: row.email,
    email_verified: row.email_verified,
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    phone: row.phone,
    address: {
      address1: row.address1,
      address2: row.address2,
      locality: row.locality,
      administrativeArea: row.administrative_area,
      country: row.country,
      postalCode: row.postal_code,
    },
    deletedAt: row.deleted_at ? new Date(row.deleted_at).toISOString() : null,
    onBoardingIndex: row.onboarding_index,
    /** The plan chosen in onboarding (the spec's selectedProduct), for its checkout; null if none yet. */
    selectedPlanId: row.selected_plan_id,
    language: row.language,
  };
}

export type { CustomerView };
