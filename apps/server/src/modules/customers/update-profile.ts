import { onboardingProfileUpdate, profileUpdate } from '@pria/contracts';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { forbidden, invalid } from '../../platform/errors.ts';
import { isAdministrativeArea } from '../geography/index.ts';
import { currentCustomer } from './current-customer.ts';
import { toCustomerView } from './customer-view.ts';
import { updateCustomerProfile } from './customers.repo.ts';

/**
 * A customer edits their own profile. Email is not editable (dropped by the schema) and the
 * country is always US; in onboarding the street, city and state are required too.
 */
export async function updateProfile(
  db: Db,
  principal: Principal,
  id: string,
  body: unknown,
  opts: { onboarding: boolean },
) {
  const own = await currentCustomer(db, principal);
  if (id !== 'me' && id !== own.id) throw forbidden();
  const parsed = (opts.onboarding ? onboardingProfileUpdate : profileUpdate).safeParse(body);
  if (!parsed.success) throw invalid(...new Set(parsed.error.issues.map((i) => i.message)));
  const area = parsed.data.address.administrativeArea;
  if (area && !isAdministrativeArea(area)) throw invalid('Invalid state');
  return toCustomerView(await updateCustomerProfile(db, own.id, parsed.data));
}
