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
 * When the pause in force at `at` began, or null when not paused then. Pauses of a subscription
 * never overlap (migration 0092's guard), so there is at most one; `max` only keeps a row written
 * before that guard from turning a read into an error.
 */
export const pausedSince = (id: Expression<string>, at: Instant): RawBuilder<Date | null> =>
  sql<Date | null>`(select max(z.paused_at) ${inForce(id, at)})`;

/**
 * The subscription `alias` renews at `at` as the customer left it: active, not cancelled, and not
 * paused at that instant (ADR 18: no renewal while paused; a plan still paused at its end date
 * ends there). Everyone asks it at the end date (`s.expires_at`): the engine once it has passed
 * (`renewalDue`), the screens and notices before (or, during an outage, after it too: then they
 * say what the late run will do).
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
 * What the screens show of subscription `alias`'s pause: `since`, the pause in force as the
 * switch stands (null: not paused, the API's `isEnabled`), and `renews`, `renewsAt` its end date
 * (`autoRenews`). One pair for the subscription's own calls and the customer record, so they
 * cannot say different things.
 */
export const pauseState = (
  alias: string,
): { since: RawBuilder<Date | null>; renews: RawBuilder<boolean> } => ({
  since: pausedSince(sql.ref<string>(`${alias}.id`), AS_IT_STANDS),
  renews: sql<boolean>`coalesce(${renewsAt(alias, sql.ref<Date>(`${alias}.expires_at`))}, false)`,
});

/**
 * The cards of subscription `alias` will be charged the pay-in due at `dueAt`, an instant to come,
 * as things stand: active, not paused then, and its paid period runs past it or it renews at its
 * end before it. The engine decides after the instant, by the same predicates (`payinCards`, and
 * the renewals it waits for); the Upcoming panel and the expiring-card notice tell of it before.
 */
export const chargedAt = (alias: string, dueAt: Instant): RawBuilder<boolean> => {
  const col = <T>(c: string) => sql.ref<T>(`${alias}.${c}`);
  return sql<boolean>`(${col('status')} = 'active' and not ${pausedAt(col<string>('id'), dueAt)}
    and (${col('expires_at')} > ${dueAt} or ${renewsAt(alias, col<Date>('expires_at'))}))`;
};
