import type { Config } from '../config.ts';
import type { PaymentGateway } from '../gateways/payments/port.ts';
import type { IdentityAdmin } from '../identity-admin/port.ts';
import type { Clock } from './clock.ts';
import type { Db } from './db.ts';
import type { Logger } from './logger.ts';

/**
 * What the composition root gives every module's routes. It lives below the modules (only ports
 * and platform types), so a module's routes depend on it and on nothing that registers modules.
 */
export interface ModuleDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** The card processor (cards, subscriptions). */
  payments?: PaymentGateway;
  /** Where business code gets the time (tests walk the calendar with a fixed clock). */
  clock?: Clock;
  /** The identity provider's admin port (password, MFA, deletion); built in by default. */
  identityAdmin?: IdentityAdmin;
}
