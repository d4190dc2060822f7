import { describe, expect, it } from 'vitest';
import { STEP_UP_LIFETIME_MS } from '../../../gateways/payments/cybersource/step-up-token.ts';
import { AUTHENTICATION_WINDOW_MS } from '../../../gateways/payments/index.ts';
import { bankHadItsWindow, CHECKOUT_WINDOW_MS, maySendCheckout } from './checkout-window.ts';

const click = new Date('2031-05-12T15:00:00Z');
const after = (ms: number) => new Date(click.getTime() + ms);

describe("a checkout charge's window", () => {
  it("outlasts every processor's window for the customer's bank, so a charge missed after it can no longer be captured", () => {
    expect(AUTHENTICATION_WINDOW_MS).toBeLessThan(CHECKOUT_WINDOW_MS);
    expect(STEP_UP_LIFETIME_MS).toBeLessThan(CHECKOUT_WINDOW_MS);
  });

  it('lets a charge be sent (again) only until an hour after the click', () => {
    expect(maySendCheckout({ due_at: click }, after(CHECKOUT_WINDOW_MS - 1))).toBe(true);
    expect(maySendCheckout({ due_at: click }, after(CHECKOUT_WINDOW_MS))).toBe(false);
  });

  it('gives the bank an hour after the last send, however late in the window it was sent', () => {
    const sentLate = { due_at: click, sent_at: after(CHECKOUT_WINDOW_MS - 60_000) };
    expect(bankHadItsWindow(sentLate, after(CHECKOUT_WINDOW_MS + 60_000))).toBe(false);
    expect(bankHadItsWindow(sentLate, after(2 * CHECKOUT_WINDOW_MS - 60_000))).toBe(true);
    expect(bankHadItsWindow({ due_at: click, sent_at: click }, after(CHECKOUT_WINDOW_MS))).toBe(true);
    expect(bankHadItsWindow({ due_at: click, sent_at: click }, after(CHECKOUT_WINDOW_MS - 1))).toBe(false);
  });
});
