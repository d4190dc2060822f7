import { payinWindowClosesAt } from '../billing-schedule.ts';
import type { RunRow } from '../runs/runs.repo.ts';

/** May this run still send a charge? Pay-ins only until their window closes, unless forced after. */
export function mayCharge(run: RunRow, now: Date): boolean {
  if (run.kind !== 'payin') return true;
  const closes = payinWindowClosesAt(run.period);
  return now < closes || (run.forced_at !== null && new Date(run.forced_at) >= closes);
}
