import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from './config.ts';
import {
  type ConfiguredGateway,
  CybersourceGateway,
  createPaymentGateway,
  registerCybersourceRoutes,
  registerNotificationRoute,
  registerSimulatorRoutes,
  SimulatorGateway,
} from './gateways/payments/index.ts';
import { loadIdpKeys, registerIdentityProvider, staffStanding } from './idp/index.ts';
import {
  type BillingDeps,
  createBillingDeps,
  drainRun,
  enqueueDrains,
  recordDisputeEvent,
  registerOperationalGauges,
  startBillingWorkers,
} from './modules/billing/index.ts';
import { releaseSettledInstruments } from './modules/cards/index.ts';
import { markEmailVerified } from './modules/customers/index.ts';
import { startDataExportWorker } from './modules/data-export/index.ts';
import { registerModules } from './modules/index.ts';
import {
  type NotificationDeps,
  sendDueNotices,
  sendSecurityNotice,
  startNotificationWorker,
} from './modules/notifications/index.ts';
import { subscriptionEffects } from './modules/subscriptions/index.ts';
import { createAccessCheck, listenForRevocations } from './platform/access-valid-after.ts';
import { type AppDeps, createHttpApp, serveWebApp } from './platform/app.ts';
import { recordOwnSecurityChange } from './platform/audit.ts';
import { createTokenVerifier } from './platform/auth.ts';
import { type Clock, clockFor } from './platform/clock.ts';
import { openDatabase } from './platform/database.ts';
import type { Db } from './platform/db.ts';
import { createSenders } from './platform/delivery/index.ts';
import { access } from './platform/http.ts';
import { startJobs } from './platform/jobs.ts';
import { resolveKeyRing } from './platform/key-encryption.ts';
import type { Logger } from './platform/logger.ts';
import { createMetrics, meteredGateway, registerMetricsRoutes, serveMetrics } from './platform/metrics.ts';
import { pendingMigrations } from './platform/migrate.ts';
import { warmPasswordPolicy } from './platform/password-policy.ts';
import { createRateLimitStore } from './platform/rate-limits.ts';
import { loadVapidKeys } from './platform/web-push-keys.ts';
import { openRuntimeDatabase } from './runtime-database.ts';

export interface Services {
  config: Config;
  db: Db;
  app: FastifyInstance;
  payments: ConfiguredGateway;
  billing: BillingDeps;
  /** Money events -> customer messages (tests call processMoneyEvents with this). */
  notifications: NotificationDeps;
  stop(): Promise<void>;
}

export interface ServiceOptions {
  /** The time business code sees (tests walk the calendar). */
  clock?: Clock;
  /** Test-only: sees every route as it is added (see createHttpApp). */
  onRoute?: AppDeps['onRoute'];
  /**
   * Test-only, without a job queue: receives each forced run's drain instead of starting it in
   * the background, so the test decides when that money moves (the API fuzzer drains between
   * requests, so every row written is one request's).
   */
  deferDrain?: (drain: () => Promise<void>) => void;
}

/**
 * Builds the whole server (database, migrations, identity provider, API, web app) without
 * listening; main.ts listens, tests call app.listen on a free port or use app.inject.
 */
export async function startServices(
  given: Config,
  logger: Logger,
  opts: ServiceOptions = {},
): Promise<Services> {
  const clock = opts.clock ?? clockFor(given.clockOffsetMs);
  const database = await openDatabase(given, logger);
  // A process that may not start (a pending migration, a role that owns the schema) lets go of
  // the embedded server it started.
  const { db, pool } = await openRuntimeDatabase(given, database, logger).catch(async (err: unknown) => {
    await database.stop().catch(() => {});
    throw err;
  });
  // Web push's VAPID keys: configured, or generated once and kept (never in production).
  const vapid = await loadVapidKeys(db, given);
  if (!vapid) logger.warn('web push is off: set WEB_PUSH_VAPID_PUBLIC_KEY and WEB_PUSH_VAPID_PRIVATE_KEY');
  const config: Config = { ...given, webPush: { ...given.webPush, vapid } };
  // The provider's secrets open first (ADR 52): without the key-encryption key that sealed them
  // the process stops here, naming the variable, and lets go of its database.
  const idpKeys = config.oidc.builtIn
    ? await resolveKeyRing(config, logger)
        .then((ring) => loadIdpKeys(db, config, ring))
        .catch(async (err: unknown) => {
          await db.destroy().catch(() => {});
          await database.stop().catch(() => {});
          throw err;
        })
    : undefined;

  // Every route's rate limit counts in PostgreSQL, shared with the deployment's other processes.
  const rateLimits = createRateLimitStore(pool, logger);
  const app = await createHttpApp({
    config,
    logger,
    verifyToken: createTokenVerifier(config.oidc),
    onRoute: opts.onRoute,
    staffStanding: config.oidc.builtIn ? (subject) => staffStanding(db, subject) : undefined,
    tokenStillValid: createAccessCheck(db),
    rateLimits,
  });
  app.get(
    '/readyz',
    {
      config: access.public,
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers and every migration is applied (503 otherwise)',
        response: {
          200: z.object({ status: z.literal('ready') }).describe('Ready to serve'),
          503: z
            .object({
              status: z.enum(['migrating', 'database unreachable']),
              pending: z.number().int().optional(),
            })
            .describe('Not ready: migrations pending, or the database unreachable'),
        },
      },
    },
    async (_req, reply) => {
      try {
        const pending = await pendingMigrations(db);
        if (pending > 0) return reply.code(503).send({ status: 'migrating' as const, pending });
        return { status: 'ready' as const };
      } catch {
        return reply.code(503).send({ status: 'database unreachable' as const });
      }
    },
  );
  // The password rule's dictionary and estimator load once, here, not on the first sign-up.
  warmPasswordPolicy();
  if (idpKeys) {
    await registerIdentityProvider(app, {
      config,
      db,
      logger,
      keys: idpKeys,
      notifySecurity: async (tx, e) => {
        await sendSecurityNotice(tx, { ...e, issuer: config.oidc.issuer }, { publicUrl: config.publicUrl });
        // A staff member's own sign-in changes (MFA on, a reset, passkeys) are audited too; a
        // sign-in from a new device is no change (the sign-in log has it) and is only told.
        if (e.event === 'new_device_sign_in') return;
        const standing = await staffStanding(tx, e.userId);
        if (standing)
          await recordOwnSecurityChange(tx, { subject: e.userId, email: e.email, ...standing }, e.event);
      },
      onEmailVerified: (tx, e) => markEmailVerified(tx, { ...e, issuer: config.oidc.issuer }),
    });
  }
  // The payment processor: the simulator (its own schema, gateway_sim) until a real adapter is configured.
  const metrics = createMetrics();
  registerMetricsRoutes(app, metrics, db, { token: config.metricsToken, onApp: !config.metricsPort });
  // The alerting rules' conditions (deploy/prometheus/alerts.yml), the admin home's banners too.
  registerOperationalGauges(metrics.registry, db, () => clock.now());
  const processor = await createPaymentGateway(config, db, database.url, () => clock.now());
  // The simulator's hosted authentication pages; CyberSource's issuer hosts its own, which our
  // step-up page posts the customer to.
  if (processor instanceof SimulatorGateway) await registerSimulatorRoutes(app, processor);
  if (processor instanceof CybersourceGateway) await registerCybersourceRoutes(app, processor);
  // CyberSource pushes chargebacks as signed notifications; the money engine records them.
  const webhook = config.payments.cybersource?.webhook;
  if (processor instanceof CybersourceGateway && webhook) {
    await registerNotificationRoute(app, { key: webhook, onDispute: (e) => recordDisputeEvent(db, e) });
  }
  const payments = meteredGateway(processor, metrics);
  const billing = {
    ...createBillingDeps({ config, db, logger, payments, clock, subscriptions: subscriptionEffects }),
    // After each pay-back pass: the processor forgets removed cards now fully paid back.
    afterPayouts: (at: Date) => releaseSettledInstruments(db, payments, at),
    metrics,
    // The tick's lifecycle notices (renewal reminders, expiring cards), after the money.
    afterTick: (at: Date) => sendDueNotices({ db, publicUrl: config.publicUrl }, at),
  };

  // Jobs: web processes only enqueue; worker processes (and 'all') also run the workers.
  const jobs = config.jobs ? await startJobs(database.url, logger) : null;
  const boss = jobs?.boss ?? null;
  if (boss && config.role !== 'web') await startBillingWorkers(boss, billing, config.billing.drainJobs);
  const notifications: NotificationDeps = { db, clock, logger, publicUrl: config.publicUrl };
  // Notifying money events and sending the outbox run beside the jobs, in worker processes.
  const messaging =
    config.jobs && config.role !== 'web'
      ? startNotificationWorker({
          notifications,
          delivery: {
            db,
            clock,
            logger,
            ...createSenders(config, vapid),
            maxAttempts: config.delivery.maxAttempts,
          },
          intervalMs: config.delivery.intervalMs,
          logger,
        })
      : null;
  // Data requests ("Download my data") are prepared beside the messages, in worker processes.
  const exports =
    config.jobs && config.role !== 'web'
      ? startDataExportWorker({
          db,
          clock,
          logger,
          publicUrl: config.publicUrl,
          intervalMs: config.delivery.intervalMs,
        })
      : null;
  const onRunOpened = (runId: string) => {
    if (boss) {
      enqueueDrains(boss, runId, config.billing.drainJobs).catch((err: unknown) =>
        logger.error({ err, runId }, 'could not enqueue a billing drain'),
      );
      return;
    }
    if (opts.deferDrain) return opts.deferDrain(() => drainRun(billing, runId).then(() => undefined));
    // No job queue (tests, single-process tools): drain here, in the background.
    drainRun(billing, runId).catch((err: unknown) => logger.error({ err, runId }, 'billing drain failed'));
  };

  await registerModules(app, { config, db, logger, payments, clock, billing, onRunOpened });
  await serveWebApp(app);
  // /metrics on a listener of its own (kept off the public load balancer), workers' too.
  const metricsListener = config.metricsPort
    ? await serveMetrics(metrics, { host: config.host, port: config.metricsPort, token: config.metricsToken })
    : null;
  // Revocations made behind other processes reach this one's token check at once (ADR 51).
  const revocations = config.role === 'worker' ? null : listenForRevocations(database.url, logger);

  return {
    config,
    db,
    app,
    payments,
    billing,
    notifications,
    async stop() {
      await app.close();
      rateLimits.close();
      await revocations?.stop();
      await metricsListener?.close();
      await messaging?.stop();
      await exports?.stop();
      await jobs?.stop();
      await payments.close();
      await db.destroy();
      await database.stop();
    },
  };
}
