/**
 * A checkout's plan charge has one window (ADR 47), by the engine's clock:
 * - it may be sent (the first time, or again under the same reference when the processor never
 *   received it) only until an hour after the customer's click (`due_at`): the customer paid for
 *   a plan starting then, not for one started by a charge hours later;
 * - a charge the customer's bank still holds (3-D Secure) is given an hour after its last send
 *   to be answered; the processors' own authentication windows are shorter (the simulator's 15
 *   minutes, CyberSource's step-up link's 30), so after it nothing can move any more.
 * Past both, an attempt with no final answer is recorded `missed`: nothing was charged, the plan
 * is not activated, and the customer may buy it again.
 */
export const CHECKOUT_WINDOW_MS = 60 * 60_000;

interface Times {
  due_at: Date;
  sent_at: Date | null;
}

/** May this checkout charge be sent (again, under its reference) at `now`? */
export function maySendCheckout(row: Pick<Times, 'due_at'>, now: Date): boolean {
  return now.getTime() < new Date(row.due_at).getTime() + CHECKOUT_WINDOW_MS;
}

/** Has the bank had its hour to answer this checkout charge's last send, at `now`? */
export function bankHadItsWindow(row: Times, now: Date): boolean {
  const sent = new Date(row.sent_at ?? row.due_at).getTime();
  return !maySendCheckout(row, now) && now.getTime() >= sent + CHECKOUT_WINDOW_MS;
}
