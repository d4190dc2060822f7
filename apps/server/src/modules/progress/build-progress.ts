import type {
  Progress,
  ProgressCard,
  ProgressMonth,
  ProgressMonthState,
  ProgressTotals,
} from '@pria/contracts';
import type { ChargeHistoryRow, ProgressCardRow } from './progress.repo.ts';

/** A month's state from its charge and pay-back rows (see ProgressMonthState in contracts). */
export function monthState(r: ChargeHistoryRow): ProgressMonthState {
  if (r.dispute) return 'disputed';
  if (r.refunded) return 'refunded';
  if (r.status === 'missed') return 'missed';
  if (r.status === 'declined') return 'declined';
  if (r.status !== 'captured') return 'processing';
  if (r.payout_status === 'paid') return 'paid_back';
  if (r.payout_status === 'returned' || r.payout_status === 'withheld') return 'payback_returned';
  return 'paying_back';
}

/**
 * How a state bears on the run of on-time months: an on-time month adds one; a month that is not
 * settled yet, or that we missed (never the customer's fault), is passed over; anything else ends it.
 */
const runEffect: Record<ProgressMonthState, 'count' | 'skip' | 'stop'> = {
  paid_back: 'count',
  paying_back: 'skip',
  processing: 'skip',
  missed: 'skip',
  declined: 'stop',
  payback_returned: 'stop',
  refunded: 'stop',
  disputed: 'stop',
};

/**
 * Consecutive on-time months, newest first, over months each given as the states of its charges
 * (one per card). A month with an on-time charge on any card counts; one with none, and a
 * declined or returned charge, ends the run; the rest are passed over.
 */
export function onTimeRun(monthsNewestFirst: ProgressMonthState[][]): number {
  let run = 0;
  for (const states of monthsNewestFirst) {
    const effects = states.map((s) => runEffect[s]);
    if (effects.includes('count')) run++;
    else if (effects.includes('stop')) break;
  }
  return run;
}

function toMonth(r: ChargeHistoryRow): ProgressMonth {
  const state = monthState(r);
  const charged = r.status === 'captured';
  return {
    period: r.period,
    state,
    chargedCents: charged ? Number(r.amount_cents) : 0,
    paidBackCents: r.payout_status === 'paid' ? Number(r.payout_cents ?? 0) : 0,
    chargedAt: charged ? r.charged_at.toISOString() : null,
    paidBackAt: r.paid_at?.toISOString() ?? null,
    reason: state === 'declined' ? r.decline_reason : null,
    dispute: r.dispute,
  };
}

function totals(months: ProgressMonth[][]): ProgressTotals {
  const all = months.flat();
  return {
    months: months.filter((m) => m.some((x) => x.chargedCents > 0)).length,
    chargedCents: all.reduce((n, m) => n + m.chargedCents, 0),
    paidBackCents: all.reduce((n, m) => n + m.paidBackCents, 0),
    onTimeRun: onTimeRun(months.map((m) => m.map((x) => x.state))),
  };
}

/** Groups month entries by period, newest period first. */
function byPeriod(months: ProgressMonth[]): ProgressMonth[][] {
  const groups = new Map<string, ProgressMonth[]>();
  for (const m of months) groups.set(m.period, [...(groups.get(m.period) ?? []), m]);
  return [...groups.entries()].sort(([a], [b]) => (a < b ? 1 : -1)).map(([, ms]) => ms);
}

/** The progress view: per card (its months, totals and run) and for the customer as a whole. */
export function buildProgress(cards: ProgressCardRow[], charges: ChargeHistoryRow[]): Progress {
  const months = charges.map((r) => ({ cardId: r.card_id, month: toMonth(r) }));
  const perCard: ProgressCard[] = cards.map((c) => {
    const history = months.filter((m) => m.cardId === c.id).map((m) => m.month);
    return {
      cardId: c.id,
      brand: c.brand,
      lastFour: c.last_four,
      removed: c.removed_at !== null,
      history: byPeriod(history).flat(),
      ...totals(byPeriod(history)),
    };
  });
  return { ...totals(byPeriod(months.map((m) => m.month))), cards: perCard };
}
