export { ACTIVITY_WINDOW_MS, activityPage, activityQuery } from './activity-page.ts';
export { transactionRoutes as registerTransactionRoutes } from './transactions.routes.ts';
