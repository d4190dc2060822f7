export { activityPage, activityQuery } from './activity-page.ts';
export { transactionRoutes as registerTransactionRoutes } from './transactions.routes.ts';
