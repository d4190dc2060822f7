/** Account security and settings: the module's public face. */

export { accountRoutes as registerAccountRoutes } from './account.routes.ts';
export type { AccountDeletionContext, AccountDeletionStep, OwedPaybackCheck } from './deletion-steps.ts';
export {
  accountDeletionSteps,
  hasOwedPayback,
  registerAccountDeletionStep,
  registerOwedPaybackCheck,
} from './deletion-steps.ts';
