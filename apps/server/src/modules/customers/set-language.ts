import type { CustomerView, LanguageUpdate } from '@pria/contracts';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { forbidden } from '../../platform/errors.ts';
import { currentCustomer } from './current-customer.ts';
import { toCustomerView } from './customer-view.ts';
import { setCustomerLanguage } from './customers.repo.ts';

/**
 * A customer chooses the language Pria speaks to them (issue 42, ADR 71): kept on the account, so
 * every device, email and job that speaks to them uses it. Only their own.
 */
export async function setLanguage(
  db: Db,
  principal: Principal,
  id: string,
  input: LanguageUpdate,
): Promise<CustomerView> {
  const own = await currentCustomer(db, principal);
  if (id !== 'me' && id !== own.id) throw forbidden();
  return toCustomerView(await setCustomerLanguage(db, own.id, input.language));
}
