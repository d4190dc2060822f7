/** Credit-building progress (issue 32): what a customer's months of Charge & Pay add up to. */

export { progressRoutes as registerProgressRoutes } from './progress.routes.ts';
