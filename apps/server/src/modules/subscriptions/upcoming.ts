import {
  cents,
  MONTHLY_CHARGE,
  totalWithTax,
  type UpcomingCard,
  type UpcomingSchedule,
} from '@pria/contracts';
import { DateTime } from 'luxon';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import {
  NEW_YORK,
  nextPayinPeriod,
  payBacksOwed,
  payinDueAt,
  payoutDueAt,
  renews,
} from '../billing/index.ts';
import { currentCustomer } from '../customers/index.ts';
import { findSubscriptionWithPlan } from './subscriptions.repo.ts';

/** When a card stops working: the start of the month after its expiry month, New York time. */
const cardExpiresAt = (month: number, year: number) =>
  DateTime.fromObject({ year, month, day: 1 }, { zone: NEW_YORK }).plus({ months: 1 }).toJSDate();

/**
 * The dashboard's "Upcoming" panel: the next $3 charge and the cards it covers, its pay-back,
 * the renewal (or the end date), and cards that will have expired by then. Everything comes from
 * the engine's own schedule (billing-schedule.ts) and its eligibility rule (a card registered,
 * a subscription not paused at the 28th whose period runs past it, or that renews before it), so
 * the panel cannot disagree with what the engine will do. Both instants are to come, so the pause
 * rule answers with the switch as it stands (`pausedAt` of findSubscriptionWithPlan, `renews`).
 */
export async function upcomingSchedule(db: Db, principal: Principal, now: Date): Promise<UpcomingSchedule> {
  const customer = await currentCustomer(db, principal);
  const found = await findSubscriptionWithPlan(db, customer.id);
  // Removed cards too: a pay-back owed still goes to the card that was charged.
  const allCards = await db
    .selectFrom('cards')
    .select([
      'id',
      'brand',
      'last_four',
      'expiration_month',
      'expiration_year',
      'charge_and_pay',
      'removed_at',
    ])
    .where('customer_id', '=', customer.id)
    .orderBy('slot')
    .execute();
  const cards = allCards.filter((c) => c.removed_at === null);
  const view = (c: (typeof cards)[number], by: Date): UpcomingCard => ({
    id: c.id,
    brand: c.brand,
    lastFour: c.last_four,
    expirationMonth: c.expiration_month,
    expirationYear: c.expiration_year,
    expiredBy: cardExpiresAt(c.expiration_month, c.expiration_year) <= by,
  });
  // What is owed back comes first: it does not depend on the plan (an ended plan's last $3 is
  // still paid back), and a removed card still gets its money.
  const owed = await payBacksOwed(db, customer.id);
  const payBacks = owed.map((o) => {
    const c = allCards.find((card) => card.id === o.cardId);
    return {
      at: o.dueAt.toISOString(),
      period: o.period,
      amountCents: o.amountCents,
      card: c ? view(c, o.dueAt) : null,
      returned: o.returned,
    };
  });
  const nothing = {
    nextCharge: null,
    payBack: null,
    payBacksOwed: payBacks,
    renewal: null,
    endsAt: null,
    expiringCards: [],
  };
  if (!found) return { ...nothing, state: 'none' };
  const { subscription: s, plan: inForce, nextPlan, pausedAt } = found;
  // What the renewal charges and starts: the plan the customer changed to, if any (ADR 40).
  const plan = nextPlan ?? inForce;
  if (s.status !== 'active' || !s.expires_at) return { ...nothing, state: s.status };

  const expiresAt = new Date(s.expires_at);
  const paused = pausedAt !== null;
  const autoRenews = renews(s, pausedAt);
  const period = nextPayinPeriod(now);
  const chargeAt = payinDueAt(period);
  // Charged on the 28th when not paused then and still in its paid period, or renewed before it.
  const charged = !paused && (expiresAt > chargeAt || autoRenews);
  // The engine's payinCards: only cards in Charge & Pay are charged the $3.
  const chargeCards = charged ? cards.filter((c) => c.charge_and_pay).map((c) => view(c, chargeAt)) : [];
  const funding = cards.find((c) => c.id === s.card_id);
  const renewalCard = autoRenews && funding ? view(funding, expiresAt) : null;
  const expiring = new Map<string, UpcomingCard>();
  for (const c of chargeCards) if (c.expiredBy) expiring.set(c.id, c);
  if (renewalCard?.expiredBy) expiring.set(renewalCard.id, renewalCard);
  return {
    state: autoRenews ? 'active' : paused ? 'paused' : 'cancelled',
    nextCharge:
      chargeCards.length > 0
        ? { at: chargeAt.toISOString(), period, amountPerCard: MONTHLY_CHARGE, cards: chargeCards }
        : null,
    payBack: chargeCards.length > 0 ? { at: payoutDueAt(period).toISOString() } : null,
    payBacksOwed: payBacks,
    renewal: autoRenews
      ? {
          at: expiresAt.toISOString(),
          amountCents: totalWithTax(cents(plan.price_cents), plan.tax_basis_points),
          card: renewalCard,
          planName: plan.name,
          planChange: plan.id !== inForce.id,
        }
      : null,
    endsAt: autoRenews ? null : expiresAt.toISOString(),
    expiringCards: [...expiring.values()],
  };
}
