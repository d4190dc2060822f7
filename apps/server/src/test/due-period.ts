import { nextPayinPeriod, payinDueAt } from '../modules/billing/index.ts';

/**
 * A pay-in period that tests may force now or soon, whatever day they run on: the next period
 * whose pay-in is due, and an instant a minute after its due instant (a pay-in is never opened
 * before it). Tests set their clock (or the CLI's --at) to `at`; cards and subscriptions seeded
 * before it are owed the period.
 */
export function nextDuePayin(now = new Date()): { period: string; at: Date } {
  const period = nextPayinPeriod(now);
  return { period, at: new Date(payinDueAt(period).getTime() + 60_000) };
}
