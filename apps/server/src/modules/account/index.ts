/** Account security and settings: the module's public face. */

export { accountRoutes as registerAccountRoutes } from './account.routes.ts';

export {
  accountDeletionSteps,
  registerAccountDeletionStep,
  registerOwedPaybackCheck,
  registerPlanEndedByDeletion,
} from './deletion-steps.ts';
