export { activityPage, activityQuery } from './activity-page.ts';
export { activityWords } from './transaction-view.ts';
export { transactionRoutes as registerTransactionRoutes } from './transactions.routes.ts';
