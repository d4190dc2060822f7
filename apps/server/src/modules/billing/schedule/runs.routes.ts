import {
  type BillingRunRow,
  billingRunDetail,
  billingRunProgress,
  billingRunRow,
  forcedRunPreview,
  type Permission,
  runPeriodQuery,
} from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../../platform/audit.ts';
import type { RunKind } from '../../../platform/db-schema.ts';
import { notFound } from '../../../platform/errors.ts';
import { access, send } from '../../../platform/http.ts';
import { respond } from '../../../platform/responses.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { currentPeriod } from '../billing-schedule.ts';
import { summarizeRun } from '../runs/run-engine.ts';
import { getRun, listRecentRuns, type RunRow } from '../runs/runs.repo.ts';
import { forceBillingRun, forcedRunMessages } from './force-run.ts';
import { previewForcedRun } from './preview-forced-run.ts';

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

/** What forcing a run answers: the run, opened; its work continues in the background. */
const forcedAnswer = respond(billingRunProgress, {
  status: 202,
  description: 'Accepted: the run is open and drains in the background (GET /billing/runs/{id})',
  errors: [409],
});

/**
 * Forced runs and their progress. A forced run opens the period's run and answers at once (202)
 * with it; the work continues in the background and GET /billing/runs/{id} shows its progress.
 */
export async function runsRoutes(
  app: FastifyInstance,
  deps: BillingDeps & { onRunOpened: (runId: string) => void },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // A month from the service's first to the current one by the server's clock: the use case's
  // rule (force-run.ts), stated here too so the API document says it and a 400 names the range.
  const periodQuery = z.object({
    period: runPeriodQuery(deps.firstPeriod, () => currentPeriod(deps.clock.now())).optional(),
  });
  const forced = (
    kind: RunKind,
    summary: string,
    previewSummary: string,
    permission: Permission,
    withPeriod: boolean,
  ) => {
    const path =
      kind === 'subscriptions' ? '/subscriptions/authorize-and-capture-payments' : `/payin-payout/${kind}`;
    // What forcing would do, asked before the confirmation: the same permission and period rule.
    api.get(
      `${path}/preview`,
      {
        config: access.permission(permission),
        schema: {
          tags: ['billing'],
          summary: previewSummary,
          ...(withPeriod ? { querystring: periodQuery } : {}),
          response: respond(forcedRunPreview, { errors: [409] }),
        },
      },
      async (req, reply) => {
        const period = withPeriod ? (req.query as z.infer<typeof periodQuery>).period : undefined;
        return send(reply, await previewForcedRun(deps, { kind, period }));
      },
    );
    api.post(
      path,
      {
        config: access.permission(permission),
        schema: {
          tags: ['billing'],
          summary,
          ...(withPeriod ? { querystring: periodQuery } : {}),
          response: forcedAnswer,
        },
      },
      async (req, reply) => {
        const period = withPeriod ? (req.query as z.infer<typeof periodQuery>).period : undefined;
        const run = await forceBillingRun(
          deps,
          { kind, period, audit: auditContextOf(req) },
          { wait: false, onRunOpened: deps.onRunOpened },
        );
        return send(reply, run, forcedRunMessages[kind], 202);
      },
    );
  };

  forced(
    'payin',
    "Force a month's $3 pay-in now: the latest due month by default; never a month not due yet",
    "What forcing a month's $3 pay-in would do now: the month, how many cards, the total (nothing is charged)",
    'transaction:payin',
    true,
  );
  forced(
    'payout',
    'Force the pay-back of every capture up to a month whose pay-in ran (the latest by default)',
    'What forcing the pay-back would do now: the month, how many pay-backs on how many cards, the total (nothing is sent)',
    'transaction:payout',
    true,
  );
  forced(
    'subscriptions',
    'Force the renewal of every subscription due now',
    'What forcing the renewals would do now: the day, how many plans on how many cards, the total (nothing is charged)',
    'transaction:payin',
    false,
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
}
