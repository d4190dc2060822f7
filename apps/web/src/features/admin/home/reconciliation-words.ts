import type { ReconciliationRow } from './queries.ts';

/**
 * Why a month with nothing owed is not plainly settled: its disputed charges, each on the side of
 * the books the server put it (`withheld` and `lost` in reconcile.ts). A pay-back sent before the
 * charge was disputed is never called withheld (issue 29: the home said "pay-back withheld" beside
 * the $3.00 paid back).
 */
export function disputedNotes(r: Pick<ReconciliationRow, 'withheld' | 'lost'>): string[] {
  const notes: string[] = [];
  if (r.withheld.count > 0) notes.push(`${r.withheld.count} disputed: pay-back withheld`);
  if (r.lost.count > 0) notes.push(`${r.lost.count} disputed after its pay-back was sent`);
  return notes;
}
