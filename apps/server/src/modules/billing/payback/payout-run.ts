import { cents } from '@pria/contracts';
import { moneyOutcome } from '../../../gateways/payments/outcome.ts';
import type { BillingDeps, RunStrategy } from '../billing-deps.ts';
import type { Settled } from '../in-doubt/settle-in-doubt.ts';
import { chunkCountdown, MAX_PASSES } from '../runs/drain-passes.ts';
import { addRunProgress, type RunRow } from '../runs/runs.repo.ts';
import { streamBatches } from '../runs/stream-batches.ts';
import { chunkPayouts, claimPayoutChunk, type PayoutClaim, recordSentPayouts } from './payout-chunks.repo.ts';
import {
  type ClaimedPayout,
  claimPayouts,
  countOpenPayouts,
  countOwedPayouts,
  materializePayouts,
  type PayoutOutcomeRow,
  recordPayoutOutcomes,
} from './payouts.repo.ts';
import { settlePayouts } from './settle-payouts.ts';

/**
 * The pay-backs of a period (and every failed one due again). The captures owed a pay-back are
 * listed in chunks; their payout rows are written once, with their first try's outcome (ADR 17).
 */
export const payoutRun: RunStrategy = {
  async open(deps, run) {
    await chunkPayouts(deps.db, { runId: run.id, period: run.period, size: deps.batchSize });
    return Math.max(await countOwedPayouts(deps.db, run.period), run.done);
  },

  async drain(deps, run) {
    // Captures settled since the run opened (e.g. unknown -> captured) get their payout too.
    await materializePayouts(deps.db, run.period, deps.clock.now(), { wait: false });
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const settled = await settlePayouts(deps, run);
      const sent = await sendPayouts(deps, run, settled);
      if (settled.answered + sent === 0) break;
    }
    await deps
      .afterPayouts?.(deps.clock.now())
      .catch((err: unknown) =>
        deps.logger.warn({ err }, 'could not release settled instruments; the next payout run will retry'),
      );
    return 0;
  },

  countOpen: (deps, run) => countOpenPayouts(deps.db, run.id, run.period, deps.clock.now()),
};

/** A claimed pay-back: a payout row in doubt or due again, or a chunk's payout sent before its try is written. */
type ClaimedPay = ClaimedPayout | PayoutClaim;
type PayOutcome = PayoutOutcomeRow & {
  sent?: { attemptId: string; reference: string; runId: string; seq: number };
};

async function sendPayouts(deps: BillingDeps, run: RunRow, settled: Settled<ClaimedPayout>): Promise<number> {
  const { db } = deps;
  const resend: ClaimedPay[] = [...settled.resend];
  let answered = 0;
  const chunks = chunkCountdown();
  await streamBatches<ClaimedPay, PayOutcome>({
    claim: async (limit) => {
      if (resend.length) return resend.splice(0, limit);
      for (;;) {
        const chunk = await claimPayoutChunk(db, run.id);
        if (chunk === null) break;
        if (chunk.length === 0) continue;
        for (const p of chunk) chunks.taken(p.chunk.seq);
        return chunk;
      }
      return claimPayouts(db, run.id, run.period, limit, deps.clock.now());
    },
    call: async (p) => {
      const o: PayOutcome = await payOne(deps, p);
      if ('chunk' in p) o.sent = { attemptId: p.attemptId, reference: p.reference, ...p.chunk };
      return o;
    },
    record: async (outcomes) => {
      for (const o of outcomes) deps.metrics?.billingAttempts.inc({ kind: 'payout', status: o.status });
      const sent = outcomes.flatMap((o) => (o.sent ? [{ ...o, ...o.sent }] : []));
      const rows = outcomes.filter((o) => o.sent === undefined);
      const now = deps.clock.now();
      const a = await recordSentPayouts(db, run.id, sent, chunks.recorded(sent), now);
      const b = await recordPayoutOutcomes(db, run.id, ['submitted'], rows, now);
      answered += a.answered + b.answered;
      await addRunProgress(db, run.id, a.done + b.done, a.failed + b.failed);
    },
    concurrency: deps.concurrency,
    batchSize: deps.batchSize,
  });
  return answered;
}

async function payOne(deps: BillingDeps, p: ClaimedPayout): Promise<PayoutOutcomeRow> {
  const o = await moneyOutcome(
    () =>
      deps.payments.payout({
        reference: p.reference,
        instrumentId: p.instrument_id,
        amountCents: cents(p.amount_cents),
      }),
    'failed',
  );
  if (o.unexpected) deps.logger.warn({ err: o.unexpected, payout: p.id }, 'payout failed mid-call');
  return { id: p.id, status: o.status, reason: o.reason, gatewayTransactionId: o.gatewayTransactionId };
}
