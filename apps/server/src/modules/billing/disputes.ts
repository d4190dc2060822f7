import { adminMessages, type DisputeRow } from '@pria/contracts';
import { sql } from 'kysely';
import type { DisputeEvent } from '../../gateways/payments/port.ts';
import { type AuditContext, recordStaffAction } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { BillingDeps } from './billing-deps.ts';
import { payoutDueAt } from './billing-schedule.ts';
import { inUnwrittenPayoutChunk, lockPayoutChunks } from './payout-chunk-lock.ts';
import { insertMoneyEvents } from './runs.repo.ts';

/**
 * Disputes (chargebacks, issue 16). The processor reports them (the simulator's feed, polled by
 * the tick; CyberSource's signed notifications, pushed): a disputed capture is never paid back by
 * the payout run (its payout is `withheld`; the cardholder's bank returns the $3 instead); if the
 * pay-back had already been sent, the dispute is a loss unless Pria wins it. Winning releases the
 * pay-back; losing keeps it withheld. Staff may record a decision the processor does not report.
 */
export type DisputeResult = 'recorded' | 'duplicate' | 'unknown-charge';

export async function recordDisputeEvent(db: Db, e: DisputeEvent, by = 'processor'): Promise<DisputeResult> {
  return db.transaction().execute(async (tx) => {
    const charge = await sql<{ id: string; customer_id: string; card_id: string; amount_cents: number }>`
      select id, customer_id, card_id, amount_cents from payment_attempts
      where reference = ${e.chargeReference} and status = 'captured' for update`.execute(tx);
    const attempt = charge.rows[0];
    if (!attempt) return 'unknown-charge';
    const existing = await tx
      .selectFrom('disputes')
      .selectAll()
      .where('processor_dispute_id', '=', e.disputeId)
      .forUpdate()
      .executeTakeFirst();
    if (!existing) {
      // One open dispute per charge (a unique index too): another notice for a charge already
      // disputed is the same case to us, whatever id it carries; it withholds nothing twice.
      const open = await tx
        .selectFrom('disputes')
        .select('processor_dispute_id')
        .where('attempt_id', '=', attempt.id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (open) return 'duplicate';
      const payout = await tx
        .selectFrom('payouts')
        .select(['id', 'status'])
        .where('attempt_id', '=', attempt.id)
        .forUpdate()
        .executeTakeFirst();
      // In flight counts as sent: the pay-back may already be on its way.
      const paybackSent = ['paid', 'submitted', 'unknown'].includes(payout?.status ?? '');
      await tx
        .insertInto('disputes')
        .values({
          processor_dispute_id: e.disputeId,
          attempt_id: attempt.id,
          customer_id: attempt.customer_id,
          card_id: attempt.card_id,
          amount_cents: e.amountCents,
          reason: e.reason,
          status: e.status,
          payback_sent: paybackSent,
          opened_at: e.at,
          decided_at: e.status === 'open' ? null : e.at,
          decided_by: e.status === 'open' ? null : by,
        })
        .execute();
      if (e.status !== 'won' && payout && ['pending', 'failed', 'returned'].includes(payout.status)) {
        await tx
          .updateTable('payouts')
          .set({ status: 'withheld', settled_at: e.at, updated_at: new Date() })
          .where('id', '=', payout.id)
          .execute();
      }
      await insertMoneyEvents(tx, [
        {
          type: 'dispute.opened',
          dedupe_key: `dispute.opened:${e.disputeId}`,
          customer_id: attempt.customer_id,
          card_id: attempt.card_id,
          amount_cents: e.amountCents,
          reason: e.reason,
          attempt_id: attempt.id,
          occurred_at: e.at,
        },
      ]);
      return 'recorded';
    }
    if (existing.status !== 'open' || e.status === 'open') return 'duplicate';
    await decide(tx, existing.id, attempt.id, e.status, by, e.at);
    return 'recorded';
  });
}

async function decide(
  tx: Db,
  disputeId: string,
  attemptId: string,
  outcome: 'won' | 'lost',
  by: string,
  at: Date,
) {
  await tx
    .updateTable('disputes')
    .set({ status: outcome, decided_at: at, decided_by: by, updated_at: new Date() })
    .where('id', '=', disputeId)
    .execute();
  if (outcome !== 'won') return;
  // Won: the charge stands, so its pay-back is owed again: a withheld payout is pending once more,
  // and one never written is written now if its pay-back instant has passed (the tick pays it
  // within a minute; before that instant the month's payout run writes it as usual).
  await tx
    .updateTable('payouts')
    .set({ status: 'pending', next_try_at: null, settled_at: null, updated_at: new Date() })
    .where('attempt_id', '=', attemptId)
    .where('status', '=', 'withheld')
    .execute();
  const charge = await tx
    .selectFrom('payment_attempts')
    .select(['period', 'kind'])
    .where('id', '=', attemptId)
    .executeTakeFirstOrThrow();
  if (charge.kind === 'payin' && at >= payoutDueAt(charge.period)) {
    // NOTE: not for a capture a payout run listed in a chunk not written yet: that chunk writes
    // its payout (ADR 17). Checked under the chunk lock, so no drain is sending it meanwhile.
    await lockPayoutChunks(tx, 'exclusive');
    await sql`
      insert into payouts (attempt_id, customer_id, card_id, instrument_id, period, amount_cents, status, created_at, due_at)
      select a.id, a.customer_id, a.card_id, a.instrument_id, a.period, a.amount_cents, 'pending', ${at}, ${at}
      from payment_attempts a where a.id = ${attemptId} and a.status = 'captured'
        and not ${inUnwrittenPayoutChunk(sql`a.id`)}
      on conflict (attempt_id) do nothing`.execute(tx);
  }
}

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

/** Finance records a decision the processor will not report (or accepts a dispute: lost). */
export async function decideDispute(
  db: Db,
  r: { disputeId: string; outcome: 'won' | 'lost'; note?: string; audit: AuditContext; at: Date },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const d = await tx
      .selectFrom('disputes')
      .selectAll()
      .where('id', '=', r.disputeId)
      .forUpdate()
      .executeTakeFirst();
    if (!d) throw notFound(adminMessages.disputeNotFound);
    if (d.status !== 'open') throw new AppError('CONFLICT', adminMessages.disputeAlreadyDecided);
    await decide(tx, d.id, d.attempt_id, r.outcome, r.audit.actor, r.at);
    await recordStaffAction(tx, r.audit, {
      action: 'dispute.decide',
      targetType: 'dispute',
      targetId: d.id,
      before: { status: d.status },
      after: { status: r.outcome, note: r.note ?? null },
    });
  });
}

export async function listDisputes(db: Db, r: { status?: 'open' | 'won' | 'lost'; customerId?: string }) {
  const rows = await sql<{
    id: string;
    attempt_id: string;
    period: string;
    amount_cents: number;
    status: 'open' | 'won' | 'lost';
    reason: string | null;
    payback_sent: boolean;
    opened_at: Date;
    decided_at: Date | null;
    decided_by: string | null;
    customer_id: string;
    email: string | null;
    card_id: string;
    brand: string;
    last_four: string;
  }>`
    select d.id, d.attempt_id, a.period, d.amount_cents, d.status, d.reason, d.payback_sent, d.opened_at,
           d.decided_at, d.decided_by, d.customer_id, cu.email, d.card_id, c.brand, c.last_four
    from disputes d
    join payment_attempts a on a.id = d.attempt_id
    join customers cu on cu.id = d.customer_id
    join cards c on c.id = d.card_id
    where true ${r.status ? sql`and d.status = ${r.status}` : sql``}
      ${r.customerId ? sql`and d.customer_id = ${r.customerId}` : sql``}
    order by d.opened_at desc limit 200`.execute(db);
  return rows.rows.map(
    (d): DisputeRow => ({
      id: d.id,
      chargeId: d.attempt_id,
      period: d.period,
      amount: Number(d.amount_cents),
      status: d.status,
      reason: d.reason,
      paybackSent: d.payback_sent,
      openedAt: new Date(d.opened_at).toISOString(),
      decidedAt: d.decided_at ? new Date(d.decided_at).toISOString() : null,
      decidedBy: d.decided_by,
      customer: { id: d.customer_id, email: d.email },
      card: { id: d.card_id, brand: d.brand, lastFour: d.last_four },
    }),
  );
}
