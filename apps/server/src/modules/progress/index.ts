/** Credit-building progress (issue 32): what a customer's months of Charge & Pay add up to. */
export { buildProgress, monthState, onTimeRun } from './build-progress.ts';
export { getProgress } from './get-progress.ts';
export { progressRoutes as registerProgressRoutes } from './progress.routes.ts';
