export { transactionRoutes as registerTransactionRoutes } from './transactions.routes.ts';
