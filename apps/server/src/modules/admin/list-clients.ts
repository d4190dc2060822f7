import type {
  AdminCustomerRow,
  CustomerFilter,
  CustomerSortField,
  Page,
  SubscriptionState,
} from '@pria/contracts';
import type { Db } from '../../platform/db.ts';
import { type ClientRow, listClients } from './clients.repo.ts';
import { offsetOf, pageOf } from './paging.ts';

export interface ListClientsQuery {
  sort: CustomerSortField;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
  search?: string;
  filter?: CustomerFilter;
}

/** The admin client list: customers (deleted ones only when the filter asks), one page. */
export async function listClientsPage(db: Db, q: ListClientsQuery): Promise<Page<AdminCustomerRow>> {
  const { rows, totalCount } = await listClients(db, {
    sort: q.sort,
    order: q.order,
    offset: offsetOf(q.page, q.limit),
    limit: q.limit,
    search: q.search || undefined,
    filter: q.filter,
  });
  return pageOf(rows.map(toClientRow), q.page, q.limit, totalCount);
}

function toClientRow(r: ClientRow): AdminCustomerRow {
  return {
    id: r.id,
    createdAt: r.created_at.toISOString(),
    email: r.email,
    phone: r.phone,
    firstName: r.first_name,
    middleName: r.middle_name,
    lastName: r.last_name,
    address: {
      address1: r.address1,
      address2: r.address2,
      locality: r.locality,
      administrativeArea: r.administrative_area,
      country: r.country,
      postalCode: r.postal_code,
    },
    onBoardingIndex: r.onboarding_index,
    deletedAt: r.deleted_at ? r.deleted_at.toISOString() : null,
    subscription:
      r.subscription_id && r.plan_id
        ? {
            id: r.subscription_id,
            plan: { id: r.plan_id, name: r.plan_name ?? r.plan_id },
            status: r.subscription_status ?? 'inactive',
            state: r.subscription_state as SubscriptionState,
            expiresAt: r.expires_at ? r.expires_at.getTime() : null,
            card: r.subscription_card_id ? { id: r.subscription_card_id } : null,
          }
        : null,
  };
}
