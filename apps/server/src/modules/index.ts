import type { FastifyInstance } from 'fastify';
import { createAuth0IdentityAdmin } from '../identity-admin/auth0.ts';
import { createBuiltInIdentityAdmin } from '../identity-admin/built-in.ts';
import type { IdentityAdmin } from '../identity-admin/port.ts';
import type { ModuleDeps } from '../platform/module-deps.ts';
import { registerAccountRoutes } from './account/index.ts';
import { wireAccountDeletion } from './account-deletion-wiring.ts';
import { registerAdminRoutes } from './admin/index.ts';
import { type BillingDeps, registerBillingRoutes } from './billing/index.ts';
import { registerCardRoutes } from './cards/index.ts';
import { registerConsentRoutes } from './consents/index.ts';
import { type CustomerRecordParts, registerCustomerRoutes } from './customers/index.ts';
import { registerDataExportRoutes } from './data-export/index.ts';
import { devOutboxRoutes } from './dev-outbox/index.ts';
import { registerDocumentRoutes } from './documents/index.ts';
import { registerGeographyRoutes } from './geography/index.ts';
import { getNotificationPreferences, preferencesFromRow } from './notifications/index.ts';
import { type PlanRow, registerPlanRoutes } from './plans/index.ts';
import { registerProgressRoutes } from './progress/index.ts';
import {
  type PeriodPlan,
  planFundedBy,
  registerSubscriptionRoutes,
  subscriptionFromJson,
  subscriptionOfCustomer,
  toSubscriptionView,
} from './subscriptions/index.ts';
import { registerSupportRoutes } from './support/index.ts';
import { registerTransactionRoutes } from './transactions/index.ts';

/** What registering the modules takes: every module's deps, plus the money engine's. */
export interface ModuleRegistration extends ModuleDeps {
  /** The money engine (forced runs, reconciliation). */
  billing?: BillingDeps;
  /** Called when a forced run opened, so its work gets drained. */
  onRunOpened?: (runId: string) => void;
}

/** The built-in provider's port, else Auth0's Management API when configured, else none. */
function defaultIdentityAdmin(deps: ModuleDeps): IdentityAdmin | undefined {
  if (deps.config.oidc.builtIn) return createBuiltInIdentityAdmin(deps);
  if (deps.config.auth0) return createAuth0IdentityAdmin(deps.config.auth0, { logger: deps.logger });
  return undefined;
}

/** The customer record embeds the subscription and the notification choices: wired here. */
const customerRecordParts: CustomerRecordParts = {
  subscriptionFromRecord(subscription, plan, periodPlan, nextPlan, pause) {
    const s = subscriptionFromJson(subscription, plan);
    return s
      ? toSubscriptionView(s.subscription, s.plan, {
          pause,
          periodPlan: (periodPlan as PeriodPlan | null) ?? null,
          nextPlan: (nextPlan as PlanRow | null) ?? null,
        })
      : null;
  },
  subscriptionOf: subscriptionOfCustomer,
  preferencesFromRow,
  preferencesOf: getNotificationPreferences,
};

/** Every domain module's routes, under /api/v1. */
export async function registerModules(app: FastifyInstance, given: ModuleRegistration): Promise<void> {
  const deps: ModuleRegistration = {
    ...given,
    identityAdmin: given.identityAdmin ?? defaultIdentityAdmin(given),
  };
  if (deps.payments) wireAccountDeletion(deps.payments);
  await app.register(
    async (api) => {
      await registerCustomerRoutes(api, { ...deps, record: customerRecordParts });
      await registerSupportRoutes(api, deps);
      // A card's removal asks the subscriptions module whether it pays for the plan in force.
      await registerCardRoutes(api, { ...deps, fundedPlanOf: planFundedBy });
      await registerGeographyRoutes(api);
      await registerPlanRoutes(api, deps);
      await registerSubscriptionRoutes(api, deps);
      await registerTransactionRoutes(api, deps);
      await registerProgressRoutes(api, deps);
      await registerDataExportRoutes(api, deps);
      await registerConsentRoutes(api, deps);
      await registerDocumentRoutes(api, deps);
      if (deps.billing) await registerBillingRoutes(api, deps.billing, deps.onRunOpened ?? (() => {}));
      await registerAccountRoutes(api, deps);
      await registerAdminRoutes(api, deps);
    },
    { prefix: '/api/v1' },
  );
  if (deps.config.devOutbox) await app.register(async (dev) => devOutboxRoutes(dev, deps));
}
