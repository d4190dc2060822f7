import { cents } from '@pria/contracts';
import { moneyOutcome } from '../../../gateways/payments/outcome.ts';
import type { BillingDeps } from '../billing-deps.ts';
import type { Settled } from '../in-doubt/settle-in-doubt.ts';
import { chunkCountdown, MAX_PASSES } from '../runs/drain-passes.ts';
import { addRunProgress, type RunRow } from '../runs/runs.repo.ts';
import { streamBatches } from '../runs/stream-batches.ts';
import { type AttemptOutcome, type ClaimedAttempt, claimAttempts, recordOutcomes } from './charges.repo.ts';
import { type PayinClaim, recordSentPayins, type SentPayin } from './payin-chunks.repo.ts';
import { settleAttempts } from './settle-charges.ts';

/** A claimed charge: an attempt row (created, or in doubt and sent again), or a chunk's card sent before its row is written. */
export type ClaimedCharge = ClaimedAttempt | PayinClaim;
type Outcome = AttemptOutcome & { payin?: SentPayin };

/**
 * Settle-then-send passes over a run's charges (pay-ins or renewals). `claimChunk`: a pay-in
 * run's next chunk of cards (null when there is none); the run's `created` rows come after.
 */
export async function drainCharges(
  deps: BillingDeps,
  run: RunRow,
  claimChunk: () => Promise<PayinClaim[] | null>,
): Promise<void> {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const settled = await settleAttempts(deps, run);
    const sent = await sendCharges(deps, run, settled, claimChunk);
    if (settled.answered + sent === 0) break;
  }
}

/** Sends what settling found never received, then the run's next chunks or created rows; returns the answers recorded. */
async function sendCharges(
  deps: BillingDeps,
  run: RunRow,
  settled: Settled<ClaimedAttempt>,
  claimChunk: () => Promise<PayinClaim[] | null>,
): Promise<number> {
  const { db } = deps;
  const resend: ClaimedCharge[] = [...settled.resend];
  let answered = 0;
  const chunks = chunkCountdown();
  await streamBatches<ClaimedCharge, Outcome>({
    claim: async (limit) => {
      if (resend.length) return resend.splice(0, limit);
      const chunk = await claimChunk();
      if (chunk) {
        for (const c of chunk) chunks.taken(c.payin.seq);
        return chunk;
      }
      return claimAttempts(db, run.id, limit, deps.clock.now());
    },
    call: (a) => chargeOne(deps, a),
    record: async (outcomes) => {
      for (const o of outcomes) deps.metrics?.billingAttempts.inc({ kind: run.kind, status: o.status });
      const sent = outcomes.filter((o): o is Outcome & { payin: SentPayin } => o.payin !== undefined);
      const rows = outcomes.filter((o) => o.payin === undefined);
      const now = deps.clock.now();
      const a = await recordSentPayins(db, run, sent, chunks.recorded(sent.map((o) => o.payin)), now);
      const b = await recordOutcomes(db, deps.subscriptions, ['submitted'], rows, now);
      answered += a.done + b.done;
      await addRunProgress(db, run.id, a.done + b.done, a.declined + b.declined);
    },
    concurrency: deps.concurrency,
    batchSize: deps.batchSize,
  });
  return answered;
}

async function chargeOne(deps: BillingDeps, a: ClaimedCharge): Promise<Outcome> {
  const o = await moneyOutcome(
    () =>
      deps.payments.charge({
        reference: a.reference,
        instrumentId: a.instrument_id,
        amountCents: cents(a.amount_cents),
        description: a.description,
        initiator: 'merchant',
      }),
    'declined',
  );
  if (o.unexpected) deps.logger.warn({ err: o.unexpected, attempt: a.id }, 'charge failed mid-call');
  const outcome: Outcome = {
    id: a.id,
    status: o.status,
    reason: o.reason,
    gatewayTransactionId: o.gatewayTransactionId,
    sessionUrl: o.sessionUrl,
  };
  if ('payin' in a) outcome.payin = a.payin;
  return outcome;
}
