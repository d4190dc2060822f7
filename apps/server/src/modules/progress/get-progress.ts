import type { Progress } from '@pria/contracts';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { currentCustomer } from '../customers/index.ts';
import { buildProgress } from './build-progress.ts';
import { listChargeHistory, listProgressCards } from './progress.repo.ts';

/** The caller's own credit-building progress (only ever their own: the customer comes from the token). */
export async function getProgress(db: Db, principal: Principal): Promise<Progress> {
  const customer = await currentCustomer(db, principal);
  const [cards, charges] = await Promise.all([
    listProgressCards(db, customer.id),
    listChargeHistory(db, customer.id),
  ]);
  return buildProgress(cards, charges);
}
