import { planActionRefusal, staffPlanMessages, type UpcomingSchedule } from '@pria/contracts';
import { describe, expect, it } from 'vitest';
import { planActionWords } from './plan-action-words.ts';

// A Semi-Annual plan paid January 10 to July 10, 2031, read on January 12: the client's Upcoming.
const visa = {
  id: 'v',
  brand: 'visa',
  lastFour: '1111',
  expirationMonth: 12,
  expirationYear: 2040,
  expiredBy: false,
};
const upcoming: UpcomingSchedule = {
  state: 'active',
  nextCharge: { at: '2031-01-28T21:00:00.000Z', period: '2031-01', amountPerCard: 300, cards: [visa] },
  payBack: { at: '2031-02-02T21:00:00.000Z' },
  payBacksOwed: [],
  renewal: {
    at: '2031-07-10T04:00:00.000Z',
    amountCents: 3897,
    card: visa,
    planName: 'Semi-Annual',
    planChange: false,
  },
  endsAt: null,
  expiringCards: [],
};
const plan = {
  planName: 'Semi-Annual',
  expiresAt: Date.parse('2031-07-10T04:00:00.000Z'),
  cancelled: false,
  email: 'eve@example.com',
  renewal: { planName: 'Semi-Annual', amountCents: 3897, card: visa },
  change: null,
};

describe('what the plan dialogs say, in money words', () => {
  it('pausing names the $3 charge it stops (amount, date, card) and the renewal that is off', () => {
    const w = planActionWords('pause', plan, upcoming);
    expect(w.details).toContain(
      'No monthly $3.00 charge on Jan 28, 2031 to Visa •••• 1111, nor after it while paused.',
    );
    expect(w.details).toContain(
      'The renewal of $38.97 (Semi-Annual, taxes included) on Visa •••• 1111 on Jul 10, 2031 is not charged.',
    );
    expect(w.details).toContain(
      'The plan stays active until Jul 10, 2031; if it is still paused then, it ends.',
    );
  });

  it('cancelling says it runs to its end date, refunds nothing, and names what is still paid back', () => {
    const owed = {
      ...upcoming,
      payBacksOwed: [
        { at: '2031-02-02T21:00:00.000Z', period: '2031-01', amountCents: 300, card: visa, returned: false },
      ],
    };
    const w = planActionWords('cancel', plan, owed);
    expect(w.details[0]).toBe(
      'The plan does not renew. The renewal of $38.97 (Semi-Annual, taxes included) on Visa •••• 1111 on Jul 10, 2031 is not charged.',
    );
    expect(w.details).toContain(
      'It stays active until Jul 10, 2031, the end of the period paid for: nothing is refunded (refund a charge for that).',
    );
    expect(w.details).toContain('$3.00 already charged is still paid back to Visa •••• 1111 on Feb 2, 2031.');
    expect(w.details.at(-1)).toMatch(/^eve@example.com gets the cancellation email/);
  });

  it('resuming names the renewal it brings back (amount, card, date), which a paused Upcoming lacks', () => {
    const w = planActionWords('resume', plan, { ...upcoming, renewal: null, nextCharge: null });
    expect(w.details).toContain(
      'The plan renews: $38.97 (Semi-Annual, taxes included) on Visa •••• 1111 on Jul 10, 2031.',
    );
  });

  it('resuming a cancelled plan says it still ends, not that it renews', () => {
    const w = planActionWords('resume', { ...plan, cancelled: true }, { ...upcoming, renewal: null });
    expect(w.details).toContain('The plan is cancelled: it still ends on Jul 10, 2031 and does not renew.');
  });
});

describe('a plan change waiting for the renewal, named in every plan dialog (issue 40’s walk)', () => {
  // The client changed Semi-Annual to Annual, to take effect at the renewal on July 10, 2031.
  const changing = {
    ...plan,
    renewal: { planName: 'Annual', amountCents: 7145, card: visa },
    change: {
      fromPlanName: 'Semi-Annual',
      planName: 'Annual',
      amountCents: 7145,
      months: 12,
      at: plan.expiresAt,
    },
  };
  const named =
    'At renewal on Jul 10, 2031 the plan becomes Annual, $71.45 (taxes included) for 12 months: the client changed from Semi-Annual.';

  it('pausing names it, and that a pause still in force then means Annual never starts', () => {
    const w = planActionWords('pause', changing, upcoming);
    expect(w.details).toContain(
      `${named} Paused, the plan does not renew: resumed before Jul 10, 2031, the change happens; still paused then, the plan ends and Annual never starts.`,
    );
  });

  it('cancelling names it, and that it does not happen unless the client keeps the plan', () => {
    const w = planActionWords('cancel', changing, upcoming);
    expect(w.details).toContain(
      `${named} Cancelled, the plan does not renew, so Annual never starts, unless the client keeps their subscription before Jul 10, 2031.`,
    );
  });

  it('resuming names it as what the renewal brings', () => {
    const w = planActionWords('resume', changing, { ...upcoming, renewal: null, nextCharge: null });
    expect(w.details).toContain(named);
  });

  it('says nothing of a change when none waits', () => {
    for (const action of ['pause', 'resume', 'cancel'] as const)
      expect(planActionWords(action, plan, upcoming).details.join(' ')).not.toMatch(/becomes/);
  });
});

describe('which actions a plan allows (the server’s rule, read by the page)', () => {
  const now = new Date('2031-01-12T15:00:00Z');
  const active = { status: 'active' as const, expiresAt: plan.expiresAt, cancelledAt: null, pausedAt: null };
  it('says why each refused action is refused', () => {
    expect(planActionRefusal('pause', null, now)).toBe(staffPlanMessages.noPlan);
    expect(planActionRefusal('cancel', { ...active, status: 'inactive' }, now)).toBe(
      staffPlanMessages.notActive,
    );
    expect(planActionRefusal('resume', active, now)).toBe(staffPlanMessages.notPaused);
    expect(planActionRefusal('pause', { ...active, pausedAt: 1 }, now)).toBe(staffPlanMessages.alreadyPaused);
    expect(planActionRefusal('pause', { ...active, cancelledAt: 1 }, now)).toBe(
      staffPlanMessages.pauseWhileCancelled,
    );
    expect(planActionRefusal('cancel', { ...active, cancelledAt: 1 }, now)).toBe(
      staffPlanMessages.alreadyCancelled,
    );
    expect(planActionRefusal('cancel', active, new Date(plan.expiresAt))).toBe(staffPlanMessages.ended);
  });
  it('allows pause and cancel on a running plan, and resume on a paused one', () => {
    expect(planActionRefusal('pause', active, now)).toBeNull();
    expect(planActionRefusal('cancel', active, now)).toBeNull();
    expect(planActionRefusal('resume', { ...active, pausedAt: 1 }, now)).toBeNull();
  });
});
