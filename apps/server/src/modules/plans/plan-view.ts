import { basisPointsToPercent, cents, type PlanView, taxOf, totalWithTax } from '@pria/contracts';
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

export type { PlanView };
