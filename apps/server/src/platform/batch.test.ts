import { describe, expect, it } from 'vitest';
import { batched } from './batch.ts';

describe('batched', () => {
  it('answers calls of one turn with one run, each caller its own result', async () => {
    const runs: number[][] = [];
    const double = batched(async (xs: number[]) => {
      runs.push(xs);
      return xs.map((x) => x * 2);
    });
    const answers = await Promise.all([1, 2, 3].map(double));
    expect(answers).toEqual([2, 4, 6]);
    expect(runs).toEqual([[1, 2, 3]]);
    // A later turn is a new batch.
    expect(await double(5)).toBe(10);
    expect(runs).toHaveLength(2);
  });

  it('splits a turn into runs of at most maxSize', async () => {
    const sizes: number[] = [];
    const id = batched(async (xs: number[]) => {
      sizes.push(xs.length);
      return xs;
    }, 4);
    expect(await Promise.all(Array.from({ length: 10 }, (_, i) => id(i)))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('fails every caller of a run that throws or answers the wrong number of results', async () => {
    const failing = batched(async (_: number[]): Promise<number[]> => {
      throw new Error('database down');
    });
    const results = await Promise.allSettled([failing(1), failing(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const short = batched(async (xs: number[]) => xs.slice(1));
    await expect(Promise.all([short(1), short(2)])).rejects.toThrow(/1 results for 2 inputs/);
  });
});
