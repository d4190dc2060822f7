import { cardName, formatUsd, type StaffPlanAction, type UpcomingSchedule } from '@pria/contracts';
import { dateOnly } from '../shared/display.ts';

/**
 * What pausing, resuming or cancelling a client's plan does, in money words (amount, card, date),
 * for the confirmation staff read before they act (issue 40). The facts are the client's own
 * Upcoming (GET /customers/{id}/upcoming: the engine's schedule), so the dialog cannot promise
 * what the engine will not do; the rules said are the ones the client's own dialog says (ADR 18
 * for pause, issue 19 for cancel).
 */
export interface PlanActionWords {
  title: string;
  message: string;
  details: string[];
  confirm: string;
}

/** What the dialog knows of the plan from the client record. */
export interface PlanFacts {
  planName: string;
  /** Epoch ms of the end of the period paid for. */
  expiresAt: number | null;
  cancelled: boolean;
  email: string | null;
  /**
   * What the renewal would charge (the plan it starts, taxes included) and on which card: a paused
   * plan's Upcoming has no renewal, so resuming names it from the client record.
   */
  renewal: { planName: string; amountCents: number; card: Card } | null;
  /** A plan change the client made that waits for the renewal (ADR 40); null when none. */
  change: PendingChange | null;
}

/** The plan the renewal starts when the client changed plan (the record's `nextPlan`). */
export interface PendingChange {
  /** The plan paid for now, which the change replaces at the renewal. */
  fromPlanName: string;
  planName: string;
  /** What that renewal charges, taxes included. */
  amountCents: number;
  /** How many months it pays for. */
  months: number;
  /** Epoch ms: the renewal (the end of the period paid for). */
  at: number;
}

/** How many months a plan's period is (a plan's interval is months or years). */
export const planMonths = (p: { interval: 'month' | 'year'; intervalCount: number }) =>
  p.interval === 'year' ? p.intervalCount * 12 : p.intervalCount;

/**
 * "At renewal on Jun 1, 2027 the plan becomes Annual, $71.45 (taxes included) for 12 months: the
 * client changed from Semi-Annual." Each plan dialog names a waiting change with these words (issue
 * 40's walk: pausing or cancelling said nothing of it), as the client's own account screen and
 * email name it: when, which plan, how much.
 */
export function planChangeAtRenewal(c: PendingChange): string {
  return `At renewal on ${dateOnly(c.at)} the plan becomes ${c.planName}, ${formatUsd(c.amountCents)} (taxes included) for ${c.months} months: the client changed from ${c.fromPlanName}.`;
}

/** What the action does to a waiting plan change, after the words that name it. */
function changeLines(action: StaffPlanAction, plan: PlanFacts): string[] {
  const c = plan.change;
  if (!c) return [];
  const on = dateOnly(c.at);
  const named = planChangeAtRenewal(c);
  switch (action) {
    case 'pause':
      return [
        `${named} Paused, the plan does not renew: resumed before ${on}, the change happens; still paused then, the plan ends and ${c.planName} never starts.`,
      ];
    case 'cancel':
      return [
        `${named} Cancelled, the plan does not renew, so ${c.planName} never starts, unless the client keeps their subscription before ${on}.`,
      ];
    case 'resume':
      return plan.cancelled
        ? [
            `${named} The plan is cancelled, so that happens only if the client keeps their subscription before ${on}.`,
          ]
        : [named];
  }
}

type Card = { brand: string; lastFour: string } | null;
const named = (card: Card) => (card ? cardName(card) : 'the card that was charged');
const cardList = (cards: { brand: string; lastFour: string }[]) => cards.map(cardName).join(', ');

/** "$3.00 charged on Visa •••• 1111 is still paid back on Feb 2, 2031." */
function owedLines(u: UpcomingSchedule | undefined): string[] {
  return (u?.payBacksOwed ?? []).map((p) =>
    p.returned
      ? `${formatUsd(p.amountCents)} is still owed back to ${named(p.card)}: that card returned it, so it is sent from the Pay-backs screen.`
      : `${formatUsd(p.amountCents)} already charged is still paid back to ${named(p.card)} on ${dateOnly(p.at)}.`,
  );
}

function renewalLine(u: UpcomingSchedule | undefined, verb: 'is off' | 'stays'): string | null {
  const r = u?.renewal;
  if (!r) return null;
  const what = `${formatUsd(r.amountCents)} (${r.planName}, taxes included) on ${named(r.card)} on ${dateOnly(r.at)}`;
  return verb === 'is off' ? `The renewal of ${what} is not charged.` : `The plan renews: ${what}.`;
}

export function planActionWords(
  action: StaffPlanAction,
  plan: PlanFacts,
  upcoming: UpcomingSchedule | undefined,
): PlanActionWords {
  const until = plan.expiresAt ? dateOnly(plan.expiresAt) : 'the end of the period paid for';
  const who = plan.email ?? 'The client';
  const recorded = 'It is recorded under your name in the audit trail.';
  switch (action) {
    case 'pause': {
      const next = upcoming?.nextCharge;
      return {
        title: 'Pause the plan',
        message: `Pause ${plan.planName}? This is what happens:`,
        details: [
          next
            ? `No monthly ${formatUsd(next.amountPerCard)} charge on ${dateOnly(next.at)} to ${cardList(next.cards)}, nor after it while paused.`
            : 'No monthly $3.00 charge on the 28th while paused.',
          ...[renewalLine(upcoming, 'is off')].filter((l): l is string => l !== null),
          ...changeLines('pause', plan),
          `The plan stays active until ${until}; if it is still paused then, it ends.`,
          ...owedLines(upcoming),
          `${who} gets an email saying Charge & Pay is paused. ${recorded}`,
        ],
        confirm: 'Pause the plan',
      };
    }
    case 'resume':
      return {
        title: 'Resume the plan',
        message: `Resume ${plan.planName}? This is what happens:`,
        details: [
          'The monthly $3.00 charges restart on the next 28th, each paid back on the 2nd.',
          plan.cancelled
            ? `The plan is cancelled: it still ends on ${until} and does not renew.`
            : (renewalLine(upcoming, 'stays') ??
              (plan.renewal
                ? `The plan renews: ${formatUsd(plan.renewal.amountCents)} (${plan.renewal.planName}, taxes included) on ${named(plan.renewal.card)} on ${until}.`
                : `The plan renews on ${until}.`)),
          ...changeLines('resume', plan),
          ...owedLines(upcoming),
          `${who} gets an email saying Charge & Pay is back on. ${recorded}`,
        ],
        confirm: 'Resume the plan',
      };
    case 'cancel':
      return {
        title: 'Cancel the plan',
        message: `Cancel ${plan.planName}? This is what happens:`,
        details: [
          `The plan does not renew.${upcoming?.renewal ? ` ${renewalLine(upcoming, 'is off')}` : ''}`,
          ...changeLines('cancel', plan),
          `It stays active until ${until}, the end of the period paid for: nothing is refunded (refund a charge for that).`,
          upcoming?.nextCharge
            ? `The monthly $3.00 charges continue until then (next: ${dateOnly(upcoming.nextCharge.at)} to ${cardList(upcoming.nextCharge.cards)}), and each is paid back on the 2nd.`
            : 'Any monthly $3.00 charge until then is paid back on the 2nd.',
          ...owedLines(upcoming),
          `${who} gets the cancellation email with these dates. ${recorded}`,
        ],
        confirm: 'Cancel the plan',
      };
  }
}
