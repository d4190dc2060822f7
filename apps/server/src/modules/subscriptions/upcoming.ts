import {
  cents,
  type Language,
  MONTHLY_CHARGE,
  NEW_YORK,
  totalWithTax,
  type UpcomingCard,
  type UpcomingSchedule,
} from '@pria/contracts';
import { planName } from '@pria/contracts/i18n/plan-names';
import { DateTime } from 'luxon';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { nextPayinPeriod, payBacksOwed, payinDueAt, payoutDueAt } from '../billing/index.ts';
import { currentCustomer } from '../customers/index.ts';
import { findSubscriptionWithPlan, isChargedAt } from './subscriptions.repo.ts';

/** When a card stops working: the start of the month after its expiry month, New York time. */
const cardExpiresAt = (month: number, year: number) =>
  DateTime.fromObject({ year, month, day: 1 }, { zone: NEW_YORK }).plus({ months: 1 }).toJSDate();

/**
 * The dashboard's "Upcoming" panel: the next $3 charge and the cards it covers, its pay-back,
 * the renewal (or the end date), and cards that will have expired by then. Everything comes from
 * the engine's own schedule (billing-schedule.ts) and its rules, asked of the database about the
 * instant each thing happens: charged on the 28th (`chargedAt`: not paused then, and its period
 * runs past it or it renews before it) and renews at its end date (`renewsAt`), so the panel
 * cannot disagree with what the engine will do, even while a late run is still to come.
 */
export async function upcomingSchedule(
  db: Db,
  principal: Principal,
  now: Date,
  language: Language,
): Promise<UpcomingSchedule> {
  const customer = await currentCustomer(db, principal);
  return upcomingScheduleOf(db, customer.id, now, language);
}

/**
 * A customer's Upcoming, by id: the caller's own above, and what staff read before they pause,
 * resume or cancel the client's plan (issue 40), so both see the same dates, amounts and cards.
 * The plan is named in the reader's language: the customer's, English for staff.
 */
export async function upcomingScheduleOf(
  db: Db,
  customerId: string,
  now: Date,
  language: Language = 'en',
): Promise<UpcomingSchedule> {
  const found = await findSubscriptionWithPlan(db, customerId);
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
    .where('customer_id', '=', customerId)
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
  const owed = await payBacksOwed(db, customerId);
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
  const { subscription: s, plan: inForce, nextPlan, pause } = found;
  // What the renewal charges and starts: the plan the customer changed to, if any (ADR 40).
  const plan = nextPlan ?? inForce;
  if (s.status !== 'active' || !s.expires_at) return { ...nothing, state: s.status };

  const expiresAt = new Date(s.expires_at);
  const autoRenews = pause.renews;
  // Its end date has passed (the renewal run is late) and it does not renew then: it has ended,
  // as the run will record.
  if (expiresAt <= now && !autoRenews) return { ...nothing, state: 'inactive' };
  const period = nextPayinPeriod(now);
  const chargeAt = payinDueAt(period);
  const charged = await isChargedAt(db, s.id, chargeAt);
  // The engine's payinCards: only cards in Charge & Pay are charged the $3.
  const chargeCards = charged ? cards.filter((c) => c.charge_and_pay).map((c) => view(c, chargeAt)) : [];
  const funding = cards.find((c) => c.id === s.card_id);
  const renewalCard = autoRenews && funding ? view(funding, expiresAt) : null;
  const expiring = new Map<string, UpcomingCard>();
  for (const c of chargeCards) if (c.expiredBy) expiring.set(c.id, c);
  if (renewalCard?.expiredBy) expiring.set(renewalCard.id, renewalCard);
  return {
    // Paused now says so first: a pause begun after a passed end date (a late run to come) still
    // lets that renewal happen, but no $3 is charged.
    state: pause.since !== null ? 'paused' : autoRenews ? 'active' : 'cancelled',
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
          planName: planName(plan.id, language, plan.name),
          planChange: plan.id !== inForce.id,
        }
      : null,
    endsAt: autoRenews ? null : expiresAt.toISOString(),
    expiringCards: [...expiring.values()],
  };
}
