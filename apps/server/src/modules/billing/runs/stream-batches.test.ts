import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { streamBatches } from './stream-batches.ts';

/** A source of `n` numbered items, claimed in batches, recording what happened. */
function source(n: number) {
  let next = 0;
  const log = {
    claims: [] as number[],
    calls: [] as number[],
    recorded: [] as number[][],
    inFlight: 0,
    maxInFlight: 0,
  };
  return {
    log,
    claim: async (limit: number) => {
      await sleep(1);
      const items = Array.from({ length: Math.min(limit, n - next) }, (_, i) => next + i);
      next += items.length;
      log.claims.push(items.length);
      return items;
    },
    call: async (i: number) => {
      log.inFlight++;
      log.maxInFlight = Math.max(log.maxInFlight, log.inFlight);
      await sleep(2);
      log.inFlight--;
      log.calls.push(i);
      return i * 10;
    },
    record: async (outcomes: number[]) => {
      await sleep(1);
      log.recorded.push(outcomes);
    },
  };
}

describe('streamBatches', () => {
  it('calls every claimed item once, within the concurrency, and records every outcome once', async () => {
    const s = source(1_003);
    await streamBatches({ ...s, concurrency: 7, batchSize: 50 });
    expect([...s.log.calls].sort((a, b) => a - b)).toEqual(Array.from({ length: 1_003 }, (_, i) => i));
    expect(s.log.maxInFlight).toBeLessThanOrEqual(7);
    expect(s.log.maxInFlight).toBeGreaterThan(1);
    const recorded = s.log.recorded.flat().sort((a, b) => a - b);
    expect(recorded).toEqual(Array.from({ length: 1_003 }, (_, i) => i * 10));
    expect(Math.max(...s.log.recorded.map((b) => b.length))).toBeLessThanOrEqual(50);
    expect(s.log.claims.at(-1)).toBe(0); // it stopped because the source was empty
  });

  it('claims the next batch only when little is left waiting (at most about one batch claimed but not sent)', async () => {
    let claimedNotSent = 0;
    let worst = 0;
    const s = source(500);
    await streamBatches({
      claim: async (limit) => {
        const items = await s.claim(limit);
        claimedNotSent += items.length;
        worst = Math.max(worst, claimedNotSent);
        return items;
      },
      call: async (i) => {
        claimedNotSent--;
        return s.call(i);
      },
      record: s.record,
      concurrency: 5,
      batchSize: 40,
    });
    expect(worst).toBeLessThanOrEqual(40 + 2 * 5);
  });

  it('does nothing for an empty source, and fails (after recording what it has) when a record fails', async () => {
    const empty = source(0);
    await streamBatches({ ...empty, concurrency: 3, batchSize: 10 });
    expect(empty.log.calls).toEqual([]);
    expect(empty.log.recorded).toEqual([]);

    const s = source(100);
    let records = 0;
    await expect(
      streamBatches({
        ...s,
        record: async () => {
          records++;
          throw new Error('database down');
        },
        concurrency: 4,
        batchSize: 10,
      }),
    ).rejects.toThrow('database down');
    expect(records).toBe(1); // nothing more is recorded (or claimed) after a failure
    expect(s.log.calls.length).toBeLessThan(100);
  });
});
