/**
 * Coalesces calls made in the same turn of the event loop into one call of `run` with all
 * their inputs (at most `maxSize` per call), and hands each caller its own answer: N concurrent
 * single-row queries become one N-row query. `run` must answer one result per input, in order.
 * If it throws, every caller of that batch gets the error.
 */
export function batched<I, O>(run: (inputs: I[]) => Promise<O[]>, maxSize = 500): (input: I) => Promise<O> {
  let pending: { input: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];

  const flush = () => {
    const calls = pending;
    pending = [];
    for (let i = 0; i < calls.length; i += maxSize) {
      const chunk = calls.slice(i, i + maxSize);
      run(chunk.map((c) => c.input)).then(
        (outputs) => {
          if (outputs.length !== chunk.length) {
            const err = new Error(
              `batched call answered ${outputs.length} results for ${chunk.length} inputs`,
            );
            for (const c of chunk) c.reject(err);
            return;
          }
          for (let j = 0; j < chunk.length; j++) chunk[j]?.resolve(outputs[j] as O);
        },
        (err: unknown) => {
          for (const c of chunk) c.reject(err);
        },
      );
    }
  };

  return (input) =>
    new Promise<O>((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ input, resolve, reject });
    });
}
