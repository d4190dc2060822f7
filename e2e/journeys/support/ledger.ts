import pg from 'pg';
import { e2eDatabaseUrl } from '../../fixtures/env.ts';

/**
 * What the database (the ledger) holds after a journey step: journeys assert it beside what the
 * person sees. One pool per worker, closed by Playwright's process exit.
 */
let pool: pg.Pool | undefined;

export async function sql<T extends Record<string, unknown>>(
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  pool ??= new pg.Pool({ connectionString: e2eDatabaseUrl, max: 2 });
  return (await pool.query<T>(text, values)).rows;
}

export async function customerByEmail(email: string) {
  const [row] = await sql<{
    id: string;
    administrative_area: string | null;
    postal_code: string | null;
    selected_plan_id: string | null;
    onboarding_index: number;
    email_verified: boolean;
    is_staff: boolean;
  }>(
    `select id, administrative_area, postal_code, selected_plan_id, onboarding_index, email_verified, is_staff
     from customers where email = $1`,
    [email],
  );
  if (!row) throw new Error(`no customer ${email}`);
  return row;
}

/** The customer's plan charges, oldest first. */
export function planCharges(customerId: string) {
  return sql<{ status: string; amount_cents: string; plan_id: string; decline_reason: string | null }>(
    `select status, amount_cents, plan_id, decline_reason from payment_attempts
     where customer_id = $1 and kind = 'subscription' order by created_at`,
    [customerId],
  );
}

export function cardsOf(customerId: string) {
  return sql<{
    last_four: string;
    charge_and_pay: boolean;
    administrative_area: string;
    postal_code: string;
    removed_at: Date | null;
  }>(
    `select last_four, charge_and_pay, administrative_area, postal_code, removed_at from cards
     where customer_id = $1 order by created_at`,
    [customerId],
  );
}

export async function subscriptionOf(customerId: string) {
  const [row] = await sql<{ status: string; plan_id: string; cancelled_at: Date | null }>(
    'select status, plan_id, cancelled_at from subscriptions where customer_id = $1',
    [customerId],
  );
  return row;
}
