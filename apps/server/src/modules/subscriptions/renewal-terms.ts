import { cents, totalWithTax } from '@pria/contracts';
import type { Db } from '../../platform/db.ts';
import { findPlan, type PlanRow } from '../plans/index.ts';

/**
 * What the next renewal starts and charges, as the renewal run reads it
 * (`coalesce(next_plan_id, plan_id)`): a plan change scheduled for the renewal (ADR 40), else the
 * plan in force, and its price with tax. "Keep my subscription" and "Charge & Pay is back on" say
 * it with the same words (notice-messages.ts `renewalWords`).
 */
export async function renewalTerms(
  db: Db,
  subscription: { next_plan_id: string | null },
  inForce: PlanRow,
): Promise<{ nextPlan: PlanRow | null; amountCents: number }> {
  const nextPlan = subscription.next_plan_id
    ? ((await findPlan(db, subscription.next_plan_id)) ?? null)
    : null;
  const renewing = nextPlan ?? inForce;
  return { nextPlan, amountCents: totalWithTax(cents(renewing.price_cents), renewing.tax_basis_points) };
}
