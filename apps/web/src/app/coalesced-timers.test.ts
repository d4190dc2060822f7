import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescedTimeouts } from './coalesced-timers.ts';

describe('coalescedTimeouts', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  function platformSpy() {
    const platform = {
      setTimeout: vi.fn((cb: () => void, ms?: number) => setTimeout(cb, ms)),
      clearTimeout: vi.fn((h?: ReturnType<typeof setTimeout>) => clearTimeout(h)),
      setInterval: vi.fn((cb: () => void, ms?: number) => setInterval(cb, ms)),
      clearInterval: vi.fn((h?: ReturnType<typeof setInterval>) => clearInterval(h)),
    };
    return platform as typeof platform &
      Pick<typeof globalThis, 'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval'>;
  }

  it('runs each callback once, in due order, no sooner than asked', () => {
    const timers = coalescedTimeouts(platformSpy(), () => Date.now());
    const ran: string[] = [];
    timers.setTimeout(() => ran.push('c'), 300);
    timers.setTimeout(() => ran.push('a'), 100);
    timers.setTimeout(() => ran.push('b'), 100);
    vi.advanceTimersByTime(99);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['a', 'b']);
    vi.advanceTimersByTime(199);
    expect(ran).toEqual(['a', 'b']);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['a', 'b', 'c']);
    vi.advanceTimersByTime(10_000);
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('a cleared callback never runs, and clearing or setting a later one makes no platform call', () => {
    const platform = platformSpy();
    const timers = coalescedTimeouts(platform, () => Date.now());
    const ran: number[] = [];
    const first = timers.setTimeout(() => ran.push(1), 10_000);
    for (let i = 0; i < 20; i++) timers.clearTimeout(timers.setTimeout(() => ran.push(2), 300_000));
    timers.clearTimeout(first);
    timers.clearTimeout(undefined);
    expect(platform.setTimeout).toHaveBeenCalledTimes(1);
    expect(platform.clearTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400_000);
    expect(ran).toEqual([]);
  });

  it('an earlier callback re-arms the platform timer for itself', () => {
    const platform = platformSpy();
    const timers = coalescedTimeouts(platform, () => Date.now());
    const ran: string[] = [];
    timers.setTimeout(() => ran.push('late'), 5_000);
    timers.setTimeout(() => ran.push('soon'), 0);
    expect(platform.setTimeout).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(0);
    expect(ran).toEqual(['soon']);
    vi.advanceTimersByTime(5_000);
    expect(ran).toEqual(['soon', 'late']);
  });

  it('a callback that throws does not stop the others, and its error is still reported', async () => {
    const timers = coalescedTimeouts(platformSpy(), () => Date.now());
    const ran: string[] = [];
    const reported = new Promise<unknown>((resolve) => {
      const original = globalThis.queueMicrotask;
      vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((task) =>
        original(() => {
          try {
            task();
          } catch (error) {
            resolve(error);
          }
        }),
      );
    });
    timers.setTimeout(() => {
      throw new Error('boom');
    }, 50);
    timers.setTimeout(() => ran.push('after'), 50);
    vi.advanceTimersByTime(50);
    expect(ran).toEqual(['after']);
    await expect(reported).resolves.toMatchObject({ message: 'boom' });
  });

  it('a callback may set the next timer', () => {
    const timers = coalescedTimeouts(platformSpy(), () => Date.now());
    const ran: number[] = [];
    const tick = (n: number) => {
      ran.push(n);
      if (n < 3) timers.setTimeout(() => tick(n + 1), 1_000);
    };
    timers.setTimeout(() => tick(1), 1_000);
    vi.advanceTimersByTime(3_000);
    expect(ran).toEqual([1, 2, 3]);
  });
});
