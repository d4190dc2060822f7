import { cents } from '@pria/contracts';
import { GatewayError, GatewayTimeout } from '../../../gateways/payments/port.ts';
import type { RunKind } from '../../../platform/db-schema.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { logBillingEvent } from '../billing-log.ts';
import { mayCharge, type Settled, settleAttempts, settlePayouts } from '../in-doubt/settle-in-doubt.ts';
import {
  chunkPayouts,
  claimPayoutChunk,
  type PayoutClaim,
  recordSentPayouts,
} from '../payback/payout-chunks.repo.ts';
import {
  type ClaimedPayout,
  claimPayouts,
  countOpenPayouts,
  countOwedPayouts,
  materializePayouts,
  type PayoutOutcomeRow,
  recordPayoutOutcomes,
} from '../payback/payouts.repo.ts';
import {
  type AttemptOutcome,
  type ClaimedAttempt,
  chunkPayins,
  claimAttempts,
  countOpenAttempts,
  countRunWork,
  countWaitingRenewals,
  materializeRenewals,
  recordOutcomes,
  reviveMissed,
} from '../payin/charges.repo.ts';
import {
  claimPayinChunk,
  type PayinClaim,
  recordSentPayins,
  type SentPayin,
} from '../payin/payin-chunks.repo.ts';
import { payinDueAt, payinWindowClosesAt } from '../schedule/billing-schedule.ts';
import {
  addRunProgress,
  completeRun,
  getRun,
  openRun,
  type RunRow,
  setRunTotal,
  setRunWaiting,
} from './runs.repo.ts';
import { streamBatches } from './stream-batches.ts';

/**
 * A drain repeats settle-then-send passes while they make progress: a timeout in one pass is
 * looked up (and, if never received, sent again) in the next, within the same run. A pass in
 * which nothing got an answer (the processor is down, or what is left is too recent to look up)
 * ends the drain; the next tick drains the run again.
 */
const MAX_PASSES = 10;

/**
 * Opens (or reopens) the run for (kind, period) as of `asOf` and writes the work it owns as
 * rows: pay-in chunks, renewal attempts or payouts. Safe to call any number of times, from any
 * number of processes: unique keys make the second call add only what is new.
 */
export async function startRun(
  deps: BillingDeps,
  r: { kind: RunKind; period: string; asOf: Date; startedBy: string; forced: boolean },
): Promise<RunRow> {
  const { db } = deps;
  const run = await openRun(db, r);
  let total: number;
  if (r.kind === 'payin') {
    // Eligibility is judged as at the period's due instant, whoever opens the run (a run is never
    // opened before it: migration 0033). While the window is open the cards owed and not sent yet
    // are cut into chunks. Once it has closed, the period's cards are fixed (each has an attempt,
    // `missed` for those never sent): a forced run sends the missed ones after all, nothing else.
    const dueAt = payinDueAt(r.period);
    if (r.forced) await reviveMissed(db, { runId: run.id, period: r.period, dueAt });
    if (r.asOf < payinWindowClosesAt(r.period)) {
      await chunkPayins(db, { runId: run.id, period: r.period, dueAt, asOf: r.asOf, size: deps.batchSize });
    }
    await setRunWaiting(db, run.id, await countWaitingRenewals(db, dueAt));
    total = await countRunWork(db, run.id);
  } else if (r.kind === 'subscriptions') {
    // Which plans renew, and for how much, is the subscriptions module's to say (the port).
    await deps.subscriptions.expireUnrenewable(db, r.asOf);
    await materializeRenewals(db, run.id, r.asOf, await deps.subscriptions.renewalsDue(db, r.asOf));
    total = await countRunWork(db, run.id);
  } else {
    // The captures owed a pay-back are listed in chunks; their payout rows are written once,
    // with their first try's outcome (ADR 17).
    await chunkPayouts(db, { runId: run.id, period: r.period, size: deps.batchSize });
    total = Math.max(await countOwedPayouts(db, r.period), run.done);
  }
  await setRunTotal(db, run.id, total);
  await logBillingEvent(db, `${r.kind} run ${r.period} started (${total} items)`, r.startedBy, {
    runId: run.id,
    forced: r.forced,
    asOf: r.asOf.toISOString(),
  });
  return { ...run, total };
}

/**
 * Works a run until nothing more can be done now: settles what is in doubt, then claims
 * batches and sends them to the processor with bounded concurrency, pass after pass. Several
 * processes may drain one run at once. Completes the run when nothing of it is open: no attempt
 * or payout in doubt or to send, and (pay-in) no renewal it waits for.
 */
export async function drainRun(deps: BillingDeps, runId: string): Promise<RunRow | undefined> {
  const run = await getRun(deps.db, runId);
  if (!run) return undefined;
  let waiting = 0;
  if (run.kind === 'payout') await drainPayouts(deps, run);
  else {
    if (run.kind === 'payin') waiting = await recutWaiting(deps, run);
    await drainCharges(deps, run);
  }
  const open =
    run.kind === 'payout'
      ? await countOpenPayouts(deps.db, run.id, run.period, deps.clock.now())
      : (await countOpenAttempts(deps.db, run.id)) + waiting;
  if (open === 0) {
    const done = await completeRun(deps.db, run.id);
    if (done) {
      const missed = done.missed ? `, ${done.missed} missed` : '';
      await logBillingEvent(
        deps.db,
        `${run.kind} run ${run.period} completed: ${done.done} done, ${done.failed} failed${missed}`,
        'system',
        { runId: run.id },
      );
    }
  }
  return getRun(deps.db, run.id);
}

/**
 * A pay-in run waiting for renewals due before its instant: once some have settled, their cards
 * are cut into chunks (captured: owed the pay-in; declined: not). Returns how many it still
 * waits for.
 */
async function recutWaiting(deps: BillingDeps, run: RunRow): Promise<number> {
  if (run.waiting === 0 || !mayCharge(run, deps.clock.now())) return 0;
  const dueAt = payinDueAt(run.period);
  const waiting = await countWaitingRenewals(deps.db, dueAt);
  if (waiting < run.waiting) {
    const added = await chunkPayins(deps.db, {
      runId: run.id,
      period: run.period,
      dueAt,
      asOf: run.as_of,
      size: deps.batchSize,
    });
    if (added > 0) await setRunTotal(deps.db, run.id, await countRunWork(deps.db, run.id));
  }
  await setRunWaiting(deps.db, run.id, waiting);
  return waiting;
}

/** Settle-then-send passes over a run's charges (pay-ins or renewals). */
async function drainCharges(deps: BillingDeps, run: RunRow): Promise<void> {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const settled = await settleAttempts(deps, run);
    const sent = await sendCharges(deps, run, settled);
    if (settled.answered + sent === 0) break;
  }
}

/** A claimed charge: an attempt row (created, or in doubt and sent again), or a chunk's card sent before its row is written. */
type Claimed = ClaimedAttempt | PayinClaim;
type Outcome = AttemptOutcome & { payin?: SentPayin };

/** Sends what settling found never received, then the run's next chunks or created rows; returns the answers recorded. */
async function sendCharges(
  deps: BillingDeps,
  run: RunRow,
  settled: Settled<ClaimedAttempt>,
): Promise<number> {
  const { db } = deps;
  const resend: Claimed[] = [...settled.resend];
  let answered = 0;
  const chunks = chunkCountdown();
  await streamBatches<Claimed, Outcome>({
    claim: async (limit) => {
      if (resend.length) return resend.splice(0, limit);
      const claimed = await claimCharges(deps, run, limit);
      for (const c of claimed) if ('payin' in c) chunks.taken(c.payin.seq);
      return claimed;
    },
    call: (a) => chargeOne(deps, a),
    record: async (outcomes) => {
      for (const o of outcomes) deps.metrics?.billingAttempts.inc({ kind: run.kind, status: o.status });
      const sent = outcomes.filter((o): o is Outcome & { payin: SentPayin } => o.payin !== undefined);
      const rows = outcomes.filter((o) => o.payin === undefined);
      const now = deps.clock.now();
      const a = await recordSentPayins(db, sent, chunks.recorded(sent.map((o) => o.payin)), now);
      const b = await recordOutcomes(db, deps.subscriptions, ['submitted'], rows, now);
      answered += a.done + b.done;
      await addRunProgress(db, run.id, a.done + b.done, a.declined + b.declined);
    },
    concurrency: deps.concurrency,
    batchSize: deps.batchSize,
  });
  return answered;
}

/**
 * The next charges to send: a pay-in run's next chunk (its rows written with their outcomes),
 * then the run's attempts written `created` up front (a renewal run's, or a forced run's revived
 * missed pay-ins). A pay-in whose window has closed takes no more chunks: their cards are `missed`.
 */
async function claimCharges(deps: BillingDeps, run: RunRow, limit: number): Promise<Claimed[]> {
  if (run.kind === 'payin' && mayCharge(run, deps.clock.now())) {
    for (;;) {
      const claimed = await claimPayinChunk(deps.db, run.id, run.period);
      if (claimed === null) break;
      // A chunk whose cards all stopped being owed since it was cut: take the next one.
      if (claimed.length > 0) return claimed;
    }
  }
  return claimAttempts(deps.db, run.id, limit, deps.clock.now());
}

async function chargeOne(deps: BillingDeps, a: Claimed): Promise<Outcome> {
  const base = {
    id: a.id,
    reason: null,
    gatewayTransactionId: null,
    sessionUrl: null,
    ...('payin' in a ? { payin: a.payin } : {}),
  };
  try {
    const o = await deps.payments.charge({
      reference: a.reference,
      instrumentId: a.instrument_id,
      amountCents: cents(a.amount_cents),
      description: a.description,
      initiator: 'merchant',
    });
    if (o.status === 'captured')
      return { ...base, status: 'captured', gatewayTransactionId: o.gatewayTransactionId };
    if (o.status === 'declined') {
      return { ...base, status: 'declined', reason: o.reason, gatewayTransactionId: o.gatewayTransactionId };
    }
    return {
      ...base,
      status: 'requires_authentication',
      sessionUrl: o.sessionUrl,
      gatewayTransactionId: o.gatewayTransactionId,
    };
  } catch (err) {
    // The processor refused the request itself: its answer, and no money moved.
    if (err instanceof GatewayError) return { ...base, status: 'declined', reason: err.message };
    // A timeout, or anything else mid-call: the money may have moved. Look it up, never resend blind.
    if (!(err instanceof GatewayTimeout)) deps.logger.warn({ err, attempt: a.id }, 'charge failed mid-call');
    return { ...base, status: 'unknown' };
  }
}

/** Settle-then-send passes over the pay-backs owed up to the run's period. */
async function drainPayouts(deps: BillingDeps, run: RunRow): Promise<void> {
  const { db } = deps;
  // Captures settled since the run opened (e.g. unknown -> captured) get their payout too.
  await materializePayouts(db, run.period, deps.clock.now(), { wait: false });
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
}

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
  try {
    const o = await deps.payments.payout({
      reference: p.reference,
      instrumentId: p.instrument_id,
      amountCents: cents(p.amount_cents),
    });
    return o.status === 'paid'
      ? { id: p.id, status: 'paid', reason: null, gatewayTransactionId: o.gatewayTransactionId }
      : { id: p.id, status: o.status, reason: o.reason, gatewayTransactionId: o.gatewayTransactionId };
  } catch (err) {
    if (err instanceof GatewayError)
      return { id: p.id, status: 'failed', reason: err.message, gatewayTransactionId: null };
    if (!(err instanceof GatewayTimeout)) deps.logger.warn({ err, payout: p.id }, 'payout failed mid-call');
    return { id: p.id, status: 'unknown', reason: null, gatewayTransactionId: null };
  }
}

/**
 * Items of each chunk a drain took whose rows are not written yet (ADR 17): `recorded` answers
 * the chunks whose last item this was, to be marked written with it.
 */
function chunkCountdown() {
  const left = new Map<number, number>();
  return {
    taken(seq: number) {
      left.set(seq, (left.get(seq) ?? 0) + 1);
    },
    recorded(items: readonly { runId: string; seq: number }[]) {
      const written: { runId: string; seq: number }[] = [];
      for (const { runId, seq } of items) {
        const n = (left.get(seq) ?? 1) - 1;
        left.set(seq, n);
        if (n === 0) written.push({ runId, seq });
      }
      return written;
    },
  };
}
