import { adminMessages, type BillingRunRow, messages, sendPaybackToCardRequest } from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RunKind } from '../../platform/db-schema.ts';
import { notFound } from '../../platform/errors.ts';
import { access, principalOf, send } from '../../platform/http.ts';
import type { BillingDeps } from './billing-deps.ts';
import { currentPeriod, isPeriod, newYorkDay } from './billing-schedule.ts';
import { listPaybacksNeedingAttention, retryPaybackNow, sendPaybackToCard } from './paybacks-attention.ts';
import { reconcilePeriod, reconcileRecent } from './reconcile.ts';
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
  period: z.string().refine(isPeriod, 'period must look like 2026-11').optional(),
});

/**
 * Staff endpoints of the money engine. A forced run opens the period's run and answers at once
 * (202) with the run; the work continues in the background and GET /billing/runs/{id} shows its
 * progress. A forced run never charges a card twice: it shares the scheduled run's unique keys.
 */
export async function billingRoutes(
  app: FastifyInstance,
  deps: BillingDeps & { onRunOpened: (runId: string) => void },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const force = (kind: RunKind, period: string, actor: string, label: string) =>
    forceRun(deps, { kind, period, actor }, { wait: false }).then(async (run) => {
      await deps.db
        .insertInto('event_log')
        .values({
          stream: 'admin',
          message: `${label} forced by ${actor}`,
          actor,
          data: JSON.stringify({ runId: run.id, period }),
        })
        .execute();
      deps.onRunOpened(run.id);
      return run;
    });

  api.post(
    '/payin-payout/payin',
    {
      config: access.permission('transaction:payin'),
      schema: { tags: ['billing'], summary: "Force this month's $3 pay-in now", querystring: periodQuery },
    },
    async (req, reply) => {
      const p = principalOf(req);
      const run = await force(
        'payin',
        req.query.period ?? currentPeriod(deps.clock.now()),
        p.email ?? p.subject,
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
      },
    },
    async (req, reply) => {
      const p = principalOf(req);
      const run = await force(
        'payout',
        req.query.period ?? currentPeriod(deps.clock.now()),
        p.email ?? p.subject,
        'Payout',
      );
      return send(reply, run, messages.payoutForced, 202);
    },
  );

  api.post(
    '/subscriptions/authorize-and-capture-payments',
    {
      config: access.permission('transaction:payin'),
      schema: { tags: ['billing'], summary: 'Force the renewal of every subscription due now' },
    },
    async (req, reply) => {
      const p = principalOf(req);
      const run = await force(
        'subscriptions',
        newYorkDay(deps.clock.now()),
        p.email ?? p.subject,
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
        params: z.object({ id: z.uuid() }),
      },
    },
    async (req, reply) => {
      const run = await getRun(deps.db, req.params.id);
      if (!run) throw notFound('Run not found');
      return send(reply, { ...summarizeRun(run), startedAt: run.started_at, finishedAt: run.finished_at });
    },
  );

  api.get(
    '/billing/runs',
    {
      config: access.permission('transaction:payin'),
      schema: {
        tags: ['billing'],
        summary: 'The 50 newest runs: progress, missed cards, renewals a pay-in waits for, when forced',
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
      },
    },
    async (req, reply) => {
      const p = principalOf(req);
      await sendPaybackToCard(deps.db, {
        payoutId: req.params.id,
        cardId: req.body.cardId,
        actor: p.email ?? p.subject,
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
      },
    },
    async (req, reply) => {
      const p = principalOf(req);
      await retryPaybackNow(deps.db, {
        payoutId: req.params.id,
        actor: p.email ?? p.subject,
        now: deps.clock.now(),
      });
      return send(reply, null, adminMessages.paybackRetried);
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
