/** Time comes from here, never from `new Date()` in business code, so tests can walk the calendar. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export function fixedClock(start: Date | string): Clock & { set(at: Date | string): void } {
  let at = new Date(start);
  return {
    now: () => new Date(at),
    set(next) {
      at = new Date(next);
    },
  };
}
