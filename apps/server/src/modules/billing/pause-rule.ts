import { type Expression, type RawBuilder, sql } from 'kysely';

/**
 * Pause means one thing (ADR 18): the pause rows (`subscription_pauses`, written by the
 * subscriptions module when the customer pauses and resumes) are the only record of a pause, and
 * every question about one is asked here, of those rows, about an instant. The money engine asks
 * about an instant that has passed (a pay-in's due instant, a renewal's end date), so a late run
 * judges what was true then; a screen or a notice asks about an instant to come (the next 28th, the
 * end date), and the rows answer with the switch as it stands. Nothing else says "paused"
 * (migration 0092 dropped `subscriptions.is_enabled`; the API's `isEnabled` is read from here).
 *
 * NOTE: fragments of SQL rather than database functions: a SQL function with a subquery is never
 * inlined (ADR 36), and the pay-in asks this of every card it cuts into chunks.
 * The module sits in billing because everything that asks (billing, subscriptions, notifications,
 * customers, admin, data-export) may import billing, and billing imports none of them.
 */

/** An instant: a value, or an expression of the query (`s.expires_at`). */
export type Instant = Date | Expression<Date>;

/**
 * The switch as it stands: after every pause and resume recorded so far. A pause is recorded with
 * the engine's clock, so every instant from now on sees the same; 'infinity' says so without a
 * clock (the customer record, the staff list), and is equal to the clock's now unless the clock
 * was set back before the last change.
 */
export const AS_IT_STANDS: Expression<Date> = sql<Date>`'infinity'::timestamptz`;

/** The pause rows of subscription `id` in force at `at`: begun by then and not lifted by then. */
const inForce = (id: Expression<string>, at: Instant) => sql`from subscription_pauses z
    where z.subscription_id = ${id} and z.paused_at <= ${at} and (z.resumed_at is null or z.resumed_at > ${at})`;

/** Subscription `id` (an expression: `sql.ref('s.id')`) was paused at `at`. */
export const pausedAt = (id: Expression<string>, at: Instant): RawBuilder<boolean> =>
  sql<boolean>`exists (select 1 ${inForce(id, at)})`;

/**
 * When the pause in force at `at` began, or null when not paused then (pauses of a subscription
 * never overlap: migration 0092's guard, so there is at most one).
 */
export const pausedSince = (id: Expression<string>, at: Instant): RawBuilder<Date | null> =>
  sql<Date | null>`(select z.paused_at ${inForce(id, at)})`;

/**
 * The subscription `alias` renews at `at` as the customer left it: active, not cancelled, and not
 * paused at that instant (ADR 18: no renewal while paused; a plan still paused at its end date
 * ends there). The engine asks it at the end date (`renewalDue`); the screens and notices ask it
 * about the end date to come. `renews` is its TypeScript twin.
 */
export const renewsAt = (alias: string, at: Instant): RawBuilder<boolean> => {
  const col = <T>(c: string) => sql.ref<T>(`${alias}.${c}`);
  return sql<boolean>`(${col('status')} = 'active' and ${col('cancelled_at')} is null and not ${pausedAt(col<string>('id'), at)})`;
};

/**
 * A renewal charge is due by `asOf` for the subscription `alias`: its paid period ended by then,
 * it renews at that end (judged as at the end date, however late the run: a pause lifted after
 * the end date does not bring back a renewal that was paused then, a pause begun after it does
 * not take one back), and its funding card is on file (judged now: a removed card's instrument
 * may be gone at the processor). The one definition for the renewal run (`renewalsDue`), the plans
 * it ends (`expireUnrenewable`) and the renewals a pay-in waits for (`countWaitingRenewals`).
 */
export const renewalDue = (alias: string, asOf: Instant): RawBuilder<boolean> => {
  const col = <T>(c: string) => sql.ref<T>(`${alias}.${c}`);
  return sql<boolean>`(${col('expires_at')} <= ${asOf} and ${renewsAt(alias, col<Date>('expires_at'))}
    and exists (select 1 from cards fc where fc.id = ${col('card_id')} and fc.removed_at is null))`;
};

/**
 * `renewsAt`'s TypeScript twin, for a subscription read with the pause in force at the instant
 * asked about (`pausedSince`); `pause-rule.test.ts` holds the two equal.
 */
export function renews(
  s: { status: string; cancelled_at: Date | string | null },
  pausedSinceThen: Date | null,
): boolean {
  return s.status === 'active' && !s.cancelled_at && pausedSinceThen === null;
}
