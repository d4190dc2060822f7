import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { MoneyEventsTable } from '../../platform/db-schema.ts';

/**
 * Writes money events (the notifications' outbox) in the caller's transaction, the one that
 * writes the money rows they tell of; an event already written (same dedupe key) is kept. Each
 * path builds its own events beside its rows (pay-ins and renewals in payin/, pay-backs in
 * payback/, refunds in refunds/, disputes in disputes/); this is the one writer they share.
 */
export async function insertMoneyEvents(
  tx: Db,
  events: readonly Insertable<MoneyEventsTable>[],
): Promise<void> {
  if (events.length === 0) return;
  await tx
    .insertInto('money_events')
    .values([...events])
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}
