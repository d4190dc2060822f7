import type { BillingDeps } from '../billing-deps.ts';
import { recordDisputeEvent } from './record-dispute-event.ts';

/** Reads the processor's dispute feed from where it was left (one cursor per processor). */
export async function syncDisputes(deps: BillingDeps): Promise<number> {
  const name = `disputes:${deps.payments.name}`;
  const at = await deps.db
    .selectFrom('gateway_cursors')
    .select('position')
    .where('name', '=', name)
    .executeTakeFirst();
  const { events, cursor } = await deps.payments.disputeEvents(at?.position ?? null);
  let recorded = 0;
  for (const e of events) {
    const result = await recordDisputeEvent(deps.db, e);
    if (result === 'recorded') recorded++;
    if (result === 'unknown-charge')
      deps.logger.warn({ dispute: e.disputeId }, 'a dispute names no charge of ours');
  }
  if (cursor && cursor !== at?.position) {
    await deps.db
      .insertInto('gateway_cursors')
      .values({ name, position: cursor })
      .onConflict((oc) => oc.column('name').doUpdateSet({ position: cursor, updated_at: new Date() }))
      .execute();
  }
  return recorded;
}
