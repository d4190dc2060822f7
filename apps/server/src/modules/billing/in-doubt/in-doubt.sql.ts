import { sql } from 'kysely';

/**
 * What "in doubt" means for a money row (a charge, a pay-back, a refund), written once (issue 28):
 * `unknown` after a timeout, or `submitted` longer ago than the staleness window (the worker that
 * sent it died before writing the answer). Such a row is looked up by its reference, never sent
 * blind. Columns unqualified: the statement's one money table.
 */
export const inDoubt = (staleAfterMs: number) => sql<boolean>`(status = 'unknown'
  or (status = 'submitted' and updated_at < now() - make_interval(secs => ${staleAfterMs / 1000})))`;

/**
 * A plan charge without the processor's final answer: in doubt, or waiting for the customer's
 * bank (3-D Secure: `requires_authentication`), whose answer the processor learns without us.
 * The plan-charge settle step asks about both (ADR 47).
 */
export const awaitingAnswer = (staleAfterMs: number) =>
  sql<boolean>`(${inDoubt(staleAfterMs)} or status = 'requires_authentication')`;

/**
 * A lookup that found nothing is conclusive ("never received") only for a row last written
 * longer before the lookup than the processor's search lag (which exceeds the HTTP timeout, so
 * no request of ours can still be in flight or unindexed). `lookedAt`: the database's now when
 * the lookup began; a row another worker wrote since is left alone.
 */
export const lastWrittenBefore = (lookedAt: Date | string, lagMs: number) =>
  sql<boolean>`updated_at <= ${lookedAt}::timestamptz - make_interval(secs => ${lagMs / 1000})`;

/** The same test against the database's now, for the rows a lookup is about to ask for. */
export const conclusiveNow = (lagMs: number) =>
  sql<boolean>`updated_at <= now() - make_interval(secs => ${lagMs / 1000})`;
