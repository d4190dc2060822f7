import { describe, expect, it } from 'vitest';
import { forcedRunQuestion } from './preview-words.ts';

const base = { count: 0, cards: 0, totalCents: 0, waitingRenewals: 0 };

// Issue 40: the forced pay-in asked "Charge now the $3 of the latest month that is due…?" without
// the month, the number of cards or the total.
describe("a forced run's confirmation", () => {
  it('a pay-in names the month, the cards and the total', () => {
    const q = forcedRunQuestion({
      ...base,
      kind: 'payin',
      period: '2026-11',
      count: 1204,
      cards: 1204,
      totalCents: 361200,
    });
    expect(q.message).toBe('Charge the $3 of November 2026 now on 1,204 cards: $3,612.00 in all?');
    expect(q.details).toEqual(['A card already charged for November 2026 is not charged again.']);
  });

  it('a pay-in says which cards wait for a renewal, and when nothing is owed', () => {
    const q = forcedRunQuestion({ ...base, kind: 'payin', period: '2026-11', waitingRenewals: 1 });
    expect(q.message).toBe(
      'No card is owed the $3 of November 2026 now: forcing the pay-in charges nothing.',
    );
    expect(q.details[1]).toBe(
      "1 plan renews before November 2026's 28th and is not settled yet: its cards are charged once the renewal is.",
    );
  });

  it('a pay-back names the month, the charges, the cards and the total', () => {
    const q = forcedRunQuestion({
      ...base,
      kind: 'payout',
      period: '2026-11',
      count: 3,
      cards: 2,
      totalCents: 900,
    });
    expect(q.message).toBe(
      'Pay back now 3 charges of $3 from November 2026 and before, to 2 cards: $9.00 in all?',
    );
  });

  it('renewals name the New York day, the plans, the cards and the total', () => {
    const q = forcedRunQuestion({
      ...base,
      kind: 'subscriptions',
      period: '2027-06-01',
      count: 1,
      cards: 1,
      totalCents: 3897,
    });
    expect(q.message).toBe(
      'Renew now 1 plan due by June 01, 2027, on 1 card: $38.97 in all, taxes included?',
    );
  });
});
