import { type CustomerView, onboardingProfileUpdate, type ProfileUpdate } from '@pria/contracts';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { forbidden, invalid } from '../../platform/errors.ts';
import { currentCustomer } from './current-customer.ts';
import { toCustomerView } from './customer-view.ts';
import { updateCustomerProfile } from './customers.repo.ts';

/**
 * A customer edits their own profile, as validated by the route (`profileUpdate`: email is not
 * editable, the country is always US, the state a known code); in onboarding the street, city and
 * state are required too.
 */
export async function updateProfile(
  db: Db,
  principal: Principal,
  id: string,
  profile: ProfileUpdate,
  opts: { onboarding: boolean },
): Promise<CustomerView> {
  const own = await currentCustomer(db, principal);
  if (id !== 'me' && id !== own.id) throw forbidden();
  if (opts.onboarding) {
    // The profile as parsed parses again to itself; this adds onboarding's required lines.
    const parsed = onboardingProfileUpdate.safeParse(profile);
    if (!parsed.success) throw invalid(...new Set(parsed.error.issues.map((i) => i.message)));
  }
  return toCustomerView(await updateCustomerProfile(db, own.id, profile));
}
