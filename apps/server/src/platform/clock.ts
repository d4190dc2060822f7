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

/** The system clock shifted by `offsetMs` (PRIA_CLOCK_OFFSET_SECONDS; never in production). */
export function clockFor(offsetMs: number): Clock {
  return offsetMs === 0 ? systemClock : { now: () => new Date(Date.now() + offsetMs) };
}
