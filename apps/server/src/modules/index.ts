import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { PaymentGateway } from '../gateways/payments/index.ts';
import { createAuth0IdentityAdmin } from '../identity-admin/auth0.ts';
import { createBuiltInIdentityAdmin } from '../identity-admin/built-in.ts';
import type { IdentityAdmin } from '../identity-admin/port.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { Logger } from '../platform/logger.ts';
import { registerAccountRoutes } from './account/index.ts';
import { wireAccountDeletion } from './account-deletion-wiring.ts';
import { registerAdminRoutes } from './admin/index.ts';
import { type BillingDeps, registerBillingRoutes } from './billing/index.ts';
import { registerCardRoutes } from './cards/index.ts';
import { registerCustomerRoutes } from './customers/index.ts';
import { devOutboxRoutes } from './dev-outbox/dev-outbox.routes.ts';
import { registerDocumentRoutes } from './documents/index.ts';
import { registerGeographyRoutes } from './geography/index.ts';
import { registerPlanRoutes } from './plans/index.ts';
import { registerSubscriptionRoutes } from './subscriptions/index.ts';
import { registerSupportRoutes } from './support/index.ts';
import { registerTransactionRoutes } from './transactions/index.ts';

export interface ModuleDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** The card processor (cards now; the money engine later). */
  payments?: PaymentGateway;
  /** Where business code gets the time (tests walk the calendar with a fixed clock). */
  clock?: Clock;
  /** The money engine (forced runs, reconciliation). */
  billing?: BillingDeps;
  /** Called when a forced run opened, so its work gets drained. */
  onRunOpened?: (runId: string) => void;
  /** The identity provider's admin port (password, MFA, deletion); built in by default. */
  identityAdmin?: IdentityAdmin;
}

/** The built-in provider's port, else Auth0's Management API when configured, else none. */
function defaultIdentityAdmin(deps: ModuleDeps): IdentityAdmin | undefined {
  if (deps.config.oidc.builtIn) return createBuiltInIdentityAdmin(deps);
  if (deps.config.auth0) return createAuth0IdentityAdmin(deps.config.auth0, { logger: deps.logger });
  return undefined;
}

/** Every domain module's routes, under /api/v1. */
export async function registerModules(app: FastifyInstance, given: ModuleDeps): Promise<void> {
  const deps: ModuleDeps = {
    ...given,
    identityAdmin: given.identityAdmin ?? defaultIdentityAdmin(given),
  };
  if (deps.payments) wireAccountDeletion(deps.payments);
  await app.register(
    async (api) => {
      await registerCustomerRoutes(api, deps);
      await registerSupportRoutes(api, deps);
      await registerCardRoutes(api, deps);
      await registerGeographyRoutes(api);
      await registerPlanRoutes(api, deps);
      await registerSubscriptionRoutes(api, deps);
      await registerTransactionRoutes(api, deps);
      await registerDocumentRoutes(api, deps);
      if (deps.billing) await registerBillingRoutes(api, deps.billing, deps.onRunOpened ?? (() => {}));
      await registerAccountRoutes(api, deps);
      await registerAdminRoutes(api, deps);
    },
    { prefix: '/api/v1' },
  );
  if (deps.config.devOutbox) await app.register(async (dev) => devOutboxRoutes(dev, deps));
}
