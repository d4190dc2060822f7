export { toActivityRow } from './transaction-view.ts';
export { type ActivityFilter, type ActivityRow, listActivity } from './transactions.repo.ts';
export { ACTIVITY_WINDOW_MS, transactionRoutes as registerTransactionRoutes } from './transactions.routes.ts';
