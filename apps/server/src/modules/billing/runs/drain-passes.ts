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
