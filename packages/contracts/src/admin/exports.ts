import { z } from 'zod';
import { filterParam } from './clients.ts';
import { adminMessages, monthPattern, orderedRange } from './shared.ts';
import { transactionFilters } from './transactions.ts';

/** GET /api/v1/admin/exports/transactions.csv: the list's filters, every matching row. */
export const transactionExportQuery = z.object(transactionFilters).superRefine(orderedRange);
export type TransactionExportQuery = z.input<typeof transactionExportQuery>;

/** GET /api/v1/admin/exports/clients.csv: the client list's search and filter. */
export const clientExportQuery = z.object({
  search: z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().max(100, 'search is at most 100 characters'))
    .optional(),
  filter: filterParam(),
});
export type ClientExportQuery = z.input<typeof clientExportQuery>;

/** GET /api/v1/admin/exports/reconciliation.csv: one period's charges, each with its pay-back and dispute. */
export const reconciliationExportQuery = z.object({
  period: z
    .string({ error: 'period is required, like 2026-11' })
    .trim()
    .regex(monthPattern, adminMessages.periodFormat),
});
export type ReconciliationExportQuery = z.input<typeof reconciliationExportQuery>;
