/**
 * The admin portal's API (spec: admin portal §2, §5, §7), one file per use case under admin/:
 * list queries as the browser sends them and the answers' `data`. This file gathers them, so
 * `@pria/contracts/admin` and `@pria/contracts` name them as before.
 */
export * from './admin/audit.ts';
export * from './admin/billing-runs.ts';
export * from './admin/clients.ts';
export * from './admin/disputes.ts';
export * from './admin/exports.ts';
export * from './admin/logs.ts';
export * from './admin/metrics.ts';
export * from './admin/refunds.ts';
export {
  type AdminPageSize,
  adminMessages,
  adminPageSizes,
  billingPeriod,
  type Page,
  pageOf,
} from './admin/shared.ts';
export * from './admin/staff.ts';
export * from './admin/transactions.ts';
