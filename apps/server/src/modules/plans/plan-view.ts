import {
  basisPointsToPercent,
  cents,
  type Language,
  type PlanView,
  type SubscriptionView,
  taxOf,
  totalWithTax,
} from '@pria/contracts';
import { planName } from '@pria/contracts/i18n/plan-names';
import type { PlanRow } from './plans.repo.ts';

/** A plan as the spec's client reads it: price in cents, tax as a percentage, and the total. */
export function toPlanView(p: PlanRow): PlanView {
  return {
    id: p.id,
    name: p.name,
    price: p.price_cents,
    interval: p.interval,
    intervalCount: p.interval_count,
    taxPercentage: basisPointsToPercent(p.tax_basis_points),
    tax: taxOf(cents(p.price_cents), p.tax_basis_points),
    total: totalWithTax(cents(p.price_cents), p.tax_basis_points),
  };
}

/** A plan view named in the customer's language (`planName`, ADR 74); the id and the rest unchanged. */
export function planViewIn(view: PlanView, language: Language): PlanView {
  return { ...view, name: planName(view.id, language, view.name) };
}

/**
 * A subscription view as its customer reads it: the plan, the next renewal's plan and the plan
 * the period was paid on, named in their language. Staff answers never pass through here.
 */
export function subscriptionViewIn<V extends SubscriptionView>(view: V, language: Language): V {
  return {
    ...view,
    plan: planViewIn(view.plan, language),
    ...(view.nextPlan && { nextPlan: planViewIn(view.nextPlan, language) }),
    ...(view.periodPlan && {
      periodPlan: { ...view.periodPlan, name: planName(view.periodPlan.id, language, view.periodPlan.name) },
    }),
  };
}

export type { PlanView };
