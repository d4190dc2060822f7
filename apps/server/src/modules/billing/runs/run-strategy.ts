import type { BillingDeps } from '../billing-deps.ts';
import type { RunRow } from './runs.repo.ts';

/**
 * What a run of one kind does (issue 28: one strategy per kind, instead of branches in the
 * engine). The engine opens the run row, asks the strategy for its work and drains it; the
 * strategy knows its money: pay-ins (payin/payin-run.ts), renewals (renewals/renewal-run.ts),
 * pay-backs (payback/payout-run.ts).
 */
export interface RunStrategy {
  /** Writes the work the run owns (chunks or rows) as of `asOf`; returns how many items it holds. */
  open(deps: BillingDeps, run: RunRow, r: { asOf: Date; forced: boolean }): Promise<number>;
  /**
   * Settle-then-send passes until nothing more can be done now. Returns how many things outside
   * the run it still waits for (a pay-in: renewals due before its instant, not settled yet).
   */
  drain(deps: BillingDeps, run: RunRow): Promise<number>;
  /** Its own items still open (in doubt or to send): with what it waits for, 0 completes it. */
  countOpen(deps: BillingDeps, run: RunRow): Promise<number>;
}

/**
 * A drain repeats settle-then-send passes while they make progress: a timeout in one pass is
 * looked up (and, if never received, sent again) in the next, within the same run. A pass in
 * which nothing got an answer (the processor is down, or what is left is too recent to look up)
 * ends the drain; the next tick drains the run again.
 */
export const MAX_PASSES = 10;

/**
 * Items of each chunk a drain took whose rows are not written yet (ADR 17): `recorded` answers
 * the chunks whose last item this was, to be marked written with it.
 */
export function chunkCountdown() {
  const left = new Map<number, number>();
  return {
    taken(seq: number) {
      left.set(seq, (left.get(seq) ?? 0) + 1);
    },
    recorded(items: readonly { runId: string; seq: number }[]) {
      const written: { runId: string; seq: number }[] = [];
      for (const { runId, seq } of items) {
        const n = (left.get(seq) ?? 1) - 1;
        left.set(seq, n);
        if (n === 0) written.push({ runId, seq });
      }
      return written;
    },
  };
}
