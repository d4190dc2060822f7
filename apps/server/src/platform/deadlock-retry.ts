/**
 * Runs `work` (one whole transaction) again when PostgreSQL chose it as a deadlock's victim
 * (SQLSTATE 40P01): the transaction was rolled back entirely, so running it again is the same
 * as running it the first time. For money writes whose every statement is guarded by the state
 * it expects (from `submitted` only, ON CONFLICT DO NOTHING), two workers settling the same rows
 * at once may lock them in different orders; one of them simply waits its turn on the retry.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await work();
    } catch (err) {
      if (i >= attempts || (err as { code?: unknown } | null)?.code !== '40P01') throw err;
      // A short, random pause: the two victims of one cycle do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * i));
    }
  }
}
