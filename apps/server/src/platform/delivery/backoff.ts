const BASE_MS = 30_000;
const CAP_MS = 60 * 60_000;

/**
 * How long to wait before try `attempts + 1`: 30 s, 1 min, 2 min, … doubling, at most 1 h,
 * each ±20 % so messages that failed together (a mail server outage) do not retry together.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, attempts - 1);
  const base = Math.min(CAP_MS, BASE_MS * 2 ** Math.min(exponent, 20));
  const jittered = base * (0.8 + 0.4 * random());
  return Math.round(Math.min(CAP_MS, jittered));
}
