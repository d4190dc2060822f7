import { createHash } from 'node:crypto';
import {
  adminMessages,
  type BillingRunRow,
  billingRunDetail,
  billingRunProgress,
  billingRunRow,
  disputeDecision,
  disputeRow,
  disputeStatuses,
  idempotencyKeyHeader,
  messages,
  paybackAttentionRow,
  periodField,
  reconciliationRow,
  refundRequest,
  refundView,
  sendPaybackToCardRequest,
} from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuditContext, auditContextOf, recordStaffAction } from '../../platform/audit.ts';
import type { RunKind } from '../../platform/db-schema.ts';
import { notFound } from '../../platform/errors.ts';
import { access, send } from '../../platform/http.ts';
import { respond, respondMessage } from '../../platform/responses.ts';
import type { BillingDeps } from './billing-deps.ts';
import { currentPeriod, newYorkDay } from './billing-schedule.ts';
import { decideDispute, listDisputes } from './disputes.ts';
import { listPaybacksNeedingAttention, retryPaybackNow, sendPaybackToCard } from './paybacks-attention.ts';
import { reconcilePeriod, reconcileRecent } from './reconcile.ts';
import { refundCharge } from './refund-charge.ts';
import { countFailedRefunds } from './refunds.repo.ts';
import { getRun, listRecentRuns, type RunRow } from './runs.repo.ts';
import { forceRun, summarizeRun } from './tick.ts';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const toRunRow = (r: RunRow): BillingRunRow => ({
  ...summarizeRun(r),
  status: r.status,
  waiting: r.waiting,
  startedAt: new Date(r.started_at).toISOString(),
  finishedAt: iso(r.finished_at),
  forcedAt: iso(r.forced_at),
  windowClosedAt: iso(r.window_closed_at),
});
const payoutParams = z.object({ id: z.uuid({ error: 'id must be a pay-back id' }) });

const periodQuery = z.object({
  period: periodField.optional().describe('A month, YYYY-MM; default: the current New York month'),
});
/** What forcing a run answers: the run, opened; its work continues in the background. */
const forced = respond(billingRunProgress, {
  status: 202,
  description: 'Accepted: the run is open and drains in the background (GET /billing/runs/{id})',
});

/**
 * Staff endpoints of the money engine. A forced run opens the period's run and answers at once
 * (202) with the run; the work continues in the background and GET /billing/runs/{id} shows its
 * progress. A forced run never charges a card twice: it shares the scheduled run's unique keys.
 */
export async function billingRoutes(
  app: FastifyInstance,
  deps: BillingDeps & {
    onRunOpened: (runId: string) => void;
    /** The simulator's test trigger: the cardholder disputes a captured charge now (null: not the simulator). */
    simulateDispute: ((chargeReference: string) => Promise<string | null>) | null;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const force = (kind: RunKind, period: string, audit: AuditContext, label: string) =>
    forceRun(deps, { kind, period, actor: audit.actor }, { wait: false }).then(async (run) => {
      await deps.db.transaction().execute(async (tx) => {
        await tx
          .insertInto('event_log')
          .values({
            stream: 'admin',
            message: `${label} forced by ${audit.actor}`,
            actor: audit.actor,
            data: JSON.stringify({ runId: run.id, period }),
          })
          .execute();
        await recordStaffAction(tx, audit, {
          action: 'billing.force_run',
          targetType: 'billing_run',
          targetId: run.id,
          after: { kind, period, total: run.total },
        });
      });
      deps.onRunOpened(run.id);
      return run;
    });

  api.post(
    '/payin-payout/payin',
    {
      config: access.permission('transaction:payin'),
      schema: {
        tags: ['billing'],
        summary: "Force this month's $3 pay-in now",
        querystring: periodQuery,
        response: forced,
      },
    },
    async (req, reply) => {
      const run = await force(
        'payin',
        req.query.period ?? currentPeriod(deps.clock.now()),
        auditContextOf(req),
        'Pay-in',
      );
      return send(reply, run, messages.payinForced, 202);
    },
  );

  api.post(
    '/payin-payout/payout',
    {
      config: access.permission('transaction:payout'),
      schema: {
        tags: ['billing'],
        summary: 'Force the pay-back of every capture up to this month now',
        querystring: periodQuery,
        response: forced,
      },
    },
    async (req, reply) => {
      const run = await force(
        'payout',
        req.query.period ?? currentPeriod(deps.clock.now()),
        auditContextOf(req),
        'Payout',
      );
      return send(reply, run, messages.payoutForced, 202);
    },
  );

  api.post(
    '/subscriptions/authorize-and-capture-payments',
    {
      config: access.permission('transaction:payin'),
      schema: {
        tags: ['billing'],
        summary: 'Force the renewal of every subscription due now',
        response: forced,
      },
    },
    async (req, reply) => {
      const run = await force(
        'subscriptions',
        newYorkDay(deps.clock.now()),
        auditContextOf(req),
        'Subscription pay-in',
      );
      return send(reply, run, messages.subscriptionsForced, 202);
    },
  );

  api.get(
    '/billing/runs/:id',
    {
      config: access.permission('transaction:payin'),
      schema: {
        tags: ['billing'],
        summary: "A run's progress (done / total / failed)",
        params: z.object({ id: z.uuid({ error: 'id must be a run id' }) }),
        response: respond(billingRunDetail, { errors: [404] }),
      },
    },
    async (req, reply) => {
      const run = await getRun(deps.db, req.params.id);
      if (!run) throw notFound('Run not found');
      return send(reply, {
        ...summarizeRun(run),
        startedAt: new Date(run.started_at).toISOString(),
        finishedAt: iso(run.finished_at),
      });
    },
  );

  api.get(
    '/billing/runs',
    {
      config: access.permission('transaction:payin'),
      schema: {
        tags: ['billing'],
        summary: 'The 50 newest runs: progress, missed cards, renewals a pay-in waits for, when forced',
        response: respond(z.array(billingRunRow)),
      },
    },
    async (_req, reply) => send(reply, (await listRecentRuns(deps.db, 50)).map(toRunRow)),
  );

  api.get(
    '/billing/payouts/attention',
    {
      config: access.permission('transaction:payout'),
      schema: {
        tags: ['billing'],
        summary:
          "Pay-backs needing staff: delayed (3+ failed tries, still retried) or returned by the card, with the customer's other cards",
        response: respond(z.array(paybackAttentionRow)),
      },
    },
    async (_req, reply) => send(reply, await listPaybacksNeedingAttention(deps.db)),
  );

  api.post(
    '/billing/payouts/:id/send-to-card',
    {
      config: access.permission('transaction:payout'),
      schema: {
        tags: ['billing'],
        summary:
          "Send a returned pay-back to another of the customer's cards (paid within a minute; recorded)",
        params: payoutParams,
        body: sendPaybackToCardRequest,
        response: respondMessage({ errors: [404, 409] }),
      },
    },
    async (req, reply) => {
      await sendPaybackToCard(deps.db, {
        payoutId: req.params.id,
        cardId: req.body.cardId,
        audit: auditContextOf(req),
      });
      return send(reply, null, adminMessages.paybackSent);
    },
  );

  api.post(
    '/billing/payouts/:id/retry',
    {
      config: access.permission('transaction:payout'),
      schema: {
        tags: ['billing'],
        summary: "Try a delayed pay-back again at the next tick instead of at its back-off's end (recorded)",
        params: payoutParams,
        response: respondMessage({ errors: [404, 409] }),
      },
    },
    async (req, reply) => {
      await retryPaybackNow(deps.db, {
        payoutId: req.params.id,
        audit: auditContextOf(req),
        now: deps.clock.now(),
      });
      return send(reply, null, adminMessages.paybackRetried);
    },
  );

  api.post(
    '/refunds',
    {
      config: access.permission('transaction:refund'),
      schema: {
        tags: ['billing'],
        summary:
          'Refund a captured plan charge, in full or its unused days prorated; exactly once per Idempotency-Key (recorded)',
        description:
          '201 when this request created the refund, 200 when it answers one the same Idempotency-Key (or the same charge, mode and reason) already made.',
        headers: z.object({ 'idempotency-key': idempotencyKeyHeader.optional() }),
        body: refundRequest,
        response: respond(refundView, { status: [201, 200], errors: [404, 409, 502] }),
      },
    },
    async (req, reply) => {
      // Without the client's key, the same request (charge, mode, reason) is the same refund; once
      // one is refused by the processor, asking again is a new request.
      const reason = createHash('sha256').update(req.body.reason).digest('hex').slice(0, 16);
      const key =
        req.headers['idempotency-key'] ??
        `charge:${req.body.chargeId}:${req.body.mode}:${reason}:${await countFailedRefunds(deps.db, req.body.chargeId)}`;
      const { refund, created } = await refundCharge(deps, {
        ...req.body,
        requestKey: key,
        audit: auditContextOf(req),
      });
      const message =
        refund.status === 'refunded'
          ? adminMessages.refundSent
          : refund.status === 'failed'
            ? adminMessages.refundFailed
            : adminMessages.refundPending;
      return send(reply, refund, message, created ? 201 : 200);
    },
  );

  api.get(
    '/disputes',
    {
      config: access.permission('transaction:dispute'),
      schema: {
        tags: ['billing'],
        summary:
          'Disputes (chargebacks), newest first: open, won or lost, and whether the pay-back was already sent',
        querystring: z.object({
          status: z.enum(disputeStatuses, { error: 'status must be open, won or lost' }).optional(),
          customerId: z.uuid({ error: 'customerId must be a customer id' }).optional(),
        }),
        response: respond(z.array(disputeRow)),
      },
    },
    async (req, reply) => send(reply, await listDisputes(deps.db, req.query)),
  );

  api.post(
    '/disputes/:id/decision',
    {
      config: access.permission('transaction:dispute'),
      schema: {
        tags: ['billing'],
        summary:
          "Record a dispute's outcome: won releases the withheld pay-back, lost keeps it withheld (recorded)",
        params: z.object({ id: z.uuid({ error: adminMessages.disputeNotFound }) }),
        body: disputeDecision,
        response: respondMessage({ errors: [404, 409] }),
      },
    },
    async (req, reply) => {
      await decideDispute(deps.db, {
        disputeId: req.params.id,
        ...req.body,
        audit: auditContextOf(req),
        at: deps.clock.now(),
      });
      return send(reply, null, adminMessages.disputeDecided);
    },
  );

  api.post(
    '/billing/charges/:id/simulate-dispute',
    {
      config: access.permission('transaction:dispute'),
      schema: {
        tags: ['billing'],
        summary:
          'Simulator only: the cardholder disputes this captured charge now (the next tick records it); 404 elsewhere',
        params: z.object({ id: z.uuid({ error: adminMessages.chargeNotFound }) }),
        response: respond(z.object({ disputeId: z.string() }), { status: 202, errors: [404] }),
      },
    },
    async (req, reply) => {
      const charge = await deps.db
        .selectFrom('payment_attempts')
        .select('reference')
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      const disputeId = charge && deps.simulateDispute ? await deps.simulateDispute(charge.reference) : null;
      if (!disputeId) throw notFound(adminMessages.chargeNotFound);
      return send(reply, { disputeId }, 'Dispute opened at the simulator', 202);
    },
  );

  api.get(
    '/billing/reconciliation',
    {
      config: access.permission('transaction:payin'),
      schema: {
        tags: ['billing'],
        summary:
          'Per period: charged, declined, missed, pending; paid back, retrying, returned, outstanding (recent periods when none given)',
        querystring: periodQuery,
        response: respond(z.array(reconciliationRow)),
      },
    },
    async (req, reply) =>
      send(
        reply,
        req.query.period
          ? [await reconcilePeriod(deps.db, req.query.period)]
          : await reconcileRecent(deps.db, 12),
      ),
  );
}
