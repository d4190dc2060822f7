import { describe, expect, it } from 'vitest';
import { retryOnDeadlock } from './deadlock-retry.ts';

const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('retryOnDeadlock', () => {
  it('runs the transaction again when it was a deadlock victim, and returns its answer', async () => {
    let calls = 0;
    const answer = await retryOnDeadlock(async () => {
      calls++;
      if (calls < 3) throw deadlock;
      return 'done';
    });
    expect(answer).toBe('done');
    expect(calls).toBe(3);
  });

  it('does not retry any other error, and gives up after its attempts', async () => {
    let calls = 0;
    const other = Object.assign(new Error('unique violation'), { code: '23505' });
    await expect(
      retryOnDeadlock(async () => {
        calls++;
        throw other;
      }),
    ).rejects.toBe(other);
    expect(calls).toBe(1);

    calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls++;
        throw deadlock;
      }, 3),
    ).rejects.toBe(deadlock);
    expect(calls).toBe(3);
  });
});
