import type { TimeoutProvider } from '@tanstack/react-query';

/**
 * React Query's timers (each query's garbage collection, each observer's stale time) on one platform
 * timer (issue 43; ADR 81's addendum). A screen's first effects subscribe a dozen queries, and each
 * subscription clears one timer and sets another: two dozen platform calls in the task that starts
 * the screen, each of which DevTools and Lighthouse trace with its stack. This keeps the pending
 * callbacks itself and arms one platform timer for the earliest; setting a later one or clearing
 * any is bookkeeping. Callbacks run in due order, each in the task of the platform timer that finds
 * it due, no sooner than asked.
 *
 * React Query's own `TimeoutProvider` interface (`timeoutManager.setTimeoutProvider`), which its
 * documentation suggests for coalescing; its intervals stay the platform's.
 */
export function coalescedTimeouts(
  platform: Pick<
    typeof globalThis,
    'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval'
  > = globalThis,
  now: () => number = () => performance.now(),
): TimeoutProvider<number> {
  const pending = new Map<number, { due: number; callback: () => void }>();
  let nextId = 1;
  let armed: { due: number; handle: ReturnType<typeof setTimeout> } | undefined;

  const earliest = (): number | undefined => {
    let min: number | undefined;
    for (const { due } of pending.values()) if (min === undefined || due < min) min = due;
    return min;
  };

  const arm = () => {
    const due = earliest();
    if (due === undefined || (armed && armed.due <= due)) return;
    if (armed) platform.clearTimeout(armed.handle);
    armed = { due, handle: platform.setTimeout(fire, Math.max(0, due - now())) };
  };

  function fire() {
    armed = undefined;
    const at = now();
    // In due order, then in the order they were set (the Map keeps insertion order).
    const due = [...pending.entries()].filter(([, t]) => t.due <= at).sort((a, b) => a[1].due - b[1].due);
    for (const [id] of due) pending.delete(id);
    for (const [, t] of due) {
      try {
        t.callback();
      } catch (error) {
        // As a platform timer's would: reported, and the others still run.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
    arm();
  }

  return {
    setTimeout(callback, delay) {
      const id = nextId++;
      pending.set(id, { due: now() + Math.max(0, Number(delay) || 0), callback });
      arm();
      return id;
    },
    clearTimeout(id) {
      if (id !== undefined) pending.delete(Number(id));
    },
    setInterval: (callback, delay) => Number(platform.setInterval(callback, delay)),
    clearInterval: (id) => platform.clearInterval(id),
  };
}
