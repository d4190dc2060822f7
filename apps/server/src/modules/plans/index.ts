export { subscriptionViewIn, toPlanView } from './plan-view.ts';
export { findPlan, type PlanRow } from './plans.repo.ts';
export { plansRoutes as registerPlanRoutes } from './plans.routes.ts';
