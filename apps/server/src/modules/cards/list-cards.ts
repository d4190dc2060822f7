import type { CardView } from '@pria/contracts';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { currentCustomer } from '../customers/index.ts';
import { toCardView } from './card-view.ts';
import { isUuid, listActiveCards } from './cards.repo.ts';

/** The caller's active cards, in slot order. */
export async function listMyCards(db: Db, principal: Principal): Promise<CardView[]> {
  const customer = await currentCustomer(db, principal);
  return (await listActiveCards(db, customer.id)).map(toCardView);
}

/** Any customer's active cards, for staff holding card:get. */
export async function listCustomerCards(db: Db, customerId: string): Promise<CardView[]> {
  if (!isUuid(customerId)) throw notFound('Customer not found');
  const exists = await db
    .selectFrom('customers')
    .select('id')
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!exists) throw notFound('Customer not found');
  return (await listActiveCards(db, customerId)).map(toCardView);
}
