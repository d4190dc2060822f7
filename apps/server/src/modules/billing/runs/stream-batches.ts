/**
 * Sends claimed work to the processor as a stream: `concurrency` calls stay in flight while the
 * next batch is claimed and finished outcomes are recorded, instead of claim -> call all ->
 * record all, which left the processor idle between batches (about 30 % of a run at 150 ms per
 * call). Claims and records are batched (one statement each), recording is serial.
 *
 * NOTE: the next batch is claimed only when fewer than 2 x `concurrency` claimed items are left
 * waiting (enough to keep the calls going while the claim runs), so at most about one batch is
 * claimed but not sent, as before: after a crash those are settled by lookup like any other
 * submitted row.
 */
export async function streamBatches<T, O>(opts: {
  claim: (limit: number) => Promise<T[]>;
  call: (item: T) => Promise<O>;
  record: (outcomes: O[]) => Promise<void>;
  concurrency: number;
  batchSize: number;
}): Promise<void> {
  const { concurrency, batchSize } = opts;
  const queue: T[] = [];
  let exhausted = false;
  let claiming: Promise<void> | null = null;
  let outcomes: O[] = [];
  let recording: Promise<void> = Promise.resolve();
  let failure: unknown = null;

  const refill = (): Promise<void> => {
    if (claiming || exhausted || failure || queue.length >= 2 * concurrency)
      return claiming ?? Promise.resolve();
    claiming = opts.claim(batchSize).then(
      (items) => {
        if (items.length === 0) exhausted = true;
        queue.push(...items);
        claiming = null;
      },
      (err: unknown) => {
        failure ??= err;
        claiming = null;
      },
    );
    return claiming;
  };

  const flush = () => {
    if (outcomes.length === 0) return;
    const batch = outcomes;
    outcomes = [];
    recording = recording
      .then(() => (failure ? undefined : opts.record(batch)))
      .catch((err: unknown) => {
        failure ??= err;
      });
  };

  const worker = async () => {
    for (;;) {
      if (failure) return;
      const item = queue.shift();
      if (item === undefined) {
        if (exhausted) return;
        await refill();
        continue;
      }
      void refill();
      // NOTE: not `outcomes.push(await ...)`: that reads `outcomes` before the await and would
      // push into a batch already handed to record() (lost, or recorded twice in spirit).
      const outcome = await opts.call(item);
      outcomes.push(outcome);
      if (outcomes.length >= batchSize) flush();
    }
  };

  await Promise.all(Array.from({ length: concurrency }, worker));
  flush();
  await recording;
  if (failure) throw failure;
}
