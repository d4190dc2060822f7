import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import { cardRoutes } from './cards.routes.ts';
import type { FundedPlanOf } from './remove-card.ts';

export { findActiveCard as findActiveCardOfCustomer } from './cards.repo.ts';
export { eraseCardsOf, releaseInstrumentsOf, releaseSettledInstruments } from './release-instruments.ts';

export type { FundedPlanOf } from './remove-card.ts';

export async function registerCardRoutes(
  app: FastifyInstance,
  deps: ModuleDeps & { fundedPlanOf: FundedPlanOf },
): Promise<void> {
  const { payments } = deps;
  if (!payments) throw new Error('the cards module needs a payment gateway (ModuleDeps.payments)');
  await cardRoutes(app, { ...deps, payments });
}
