import { messages } from '@pria/contracts';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { invalid } from '../../platform/errors.ts';
import { findPlan } from '../plans/index.ts';
import { currentCustomer } from './current-customer.ts';
import { toCustomerView } from './customer-view.ts';
import { setOnboardingIndex } from './customers.repo.ts';

/**
 * Saves the onboarding step to come back to and, when the plan step hands over to checkout, the
 * plan chosen there: the checkout after a reload or a later visit shows (and charges) that plan,
 * not a default. An unknown or withdrawn plan is refused and nothing is saved.
 */
export async function saveOnboardingStep(
  db: Db,
  principal: Principal,
  input: { index: number; plan?: string },
) {
  const own = await currentCustomer(db, principal);
  if (input.plan !== undefined) {
    const plan = await findPlan(db, input.plan);
    if (!plan?.active) throw invalid(messages.unknownPlan);
  }
  return toCustomerView(await setOnboardingIndex(db, own.id, input.index, input.plan));
}
