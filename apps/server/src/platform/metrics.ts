import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ChargeInput, PaymentGateway, PayoutInput } from '../gateways/payments/port.ts';
import { GatewayTimeout } from '../gateways/payments/port.ts';
import type { Db } from './db.ts';
import { access } from './http.ts';

/**
 * Prometheus metrics at /metrics: HTTP latency, billing attempts and runs, processor errors and
 * latency, outbox backlog. One registry per app (tests start several apps in one process).
 */
export interface AppMetrics {
  registry: Registry;
  gatewayCalls: Histogram<'operation' | 'outcome'>;
  billingAttempts: Counter<'kind' | 'status'>;
}

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'pria_' });
  return {
    registry,
    gatewayCalls: new Histogram({
      name: 'pria_gateway_call_seconds',
      help: 'Payment processor calls by operation and outcome (ok, declined, timeout, error)',
      labelNames: ['operation', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    billingAttempts: new Counter({
      name: 'pria_billing_outcomes_total',
      help: 'Charges and payouts recorded by the money engine, by kind and status',
      labelNames: ['kind', 'status'],
      registers: [registry],
    }),
  };
}

/** Wraps the processor so every call is timed and counted by outcome. */
export function meteredGateway<G extends PaymentGateway>(gateway: G, m: AppMetrics): G {
  const time = async <T>(operation: string, call: () => Promise<T>, outcomeOf: (r: T) => string) => {
    const end = m.gatewayCalls.startTimer({ operation });
    try {
      const r = await call();
      end({ outcome: outcomeOf(r) });
      return r;
    } catch (err) {
      end({ outcome: err instanceof GatewayTimeout ? 'timeout' : 'error' });
      throw err;
    }
  };
  const status = (r: { status: string }) => r.status;
  return new Proxy(gateway, {
    get(target, prop, receiver) {
      if (prop === 'charge') return (i: ChargeInput) => time('charge', () => target.charge(i), status);
      if (prop === 'payout') return (i: PayoutInput) => time('payout', () => target.payout(i), status);
      if (prop === 'lookup')
        return (ref: string) =>
          time(
            'lookup',
            () => target.lookup(ref),
            (r) => (r ? 'found' : 'none'),
          );
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Request latency histogram, the scrape route, and gauges read from the database on scrape. */
export function registerMetricsRoutes(
  app: FastifyInstance,
  m: AppMetrics,
  db: Db,
  scrape: { token: string | undefined; onApp: boolean },
) {
  const { token } = scrape;
  const http = new Histogram({
    name: 'pria_http_request_seconds',
    help: 'HTTP request latency by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [m.registry],
  });
  new Gauge({
    name: 'pria_outbox_backlog',
    help: 'Emails and SMS waiting to be sent, by channel',
    labelNames: ['channel'],
    registers: [m.registry],
    async collect() {
      const rows = await db
        .selectFrom('message_outbox')
        .select(['channel', (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', '=', 'pending')
        .groupBy('channel')
        .execute()
        .catch(() => []);
      this.reset();
      for (const r of rows) this.set({ channel: r.channel }, Number(r.n));
    },
  });
  new Gauge({
    name: 'pria_billing_runs_open',
    help: 'Billing runs not completed yet, by kind',
    labelNames: ['kind'],
    registers: [m.registry],
    async collect() {
      const rows = await db
        .selectFrom('billing_runs')
        .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', '=', 'running')
        .groupBy('kind')
        .execute()
        .catch(() => []);
      this.reset();
      for (const r of rows) this.set({ kind: r.kind }, Number(r.n));
    },
  });

  new Gauge({
    name: 'pria_paybacks_needing_attention',
    help: 'Pay-backs staff should see: delayed (3+ failed tries, still retried) or returned by the card',
    labelNames: ['state'],
    registers: [m.registry],
    async collect() {
      // NOTE: the predicate of the partial index payouts_attention (migration 0015).
      const rows = await db
        .selectFrom('payouts')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where((eb) =>
          eb.or([eb('status', '=', 'returned'), eb.and([eb('status', '=', 'failed'), eb('tries', '>=', 3)])]),
        )
        .groupBy('status')
        .execute()
        .catch(() => []);
      this.reset();
      this.set({ state: 'delayed' }, Number(rows.find((r) => r.status === 'failed')?.n ?? 0));
      this.set({ state: 'returned' }, Number(rows.find((r) => r.status === 'returned')?.n ?? 0));
    },
  });

  // A callback hook, not an async one: no promise per request for synchronous work.
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    http.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  if (!scrape.onApp) return;
  app.get('/metrics', { config: access.public, schema: { hide: true } }, async (req, reply) => {
    // NOTE: with METRICS_TOKEN set, scrapers must send it; operators keep /metrics off the public LB.
    if (!scrapeAllowed(token, req.headers.authorization)) return reply.code(401).send('unauthorized');
    return reply.type(m.registry.contentType).send(await m.registry.metrics());
  });
}

function scrapeAllowed(token: string | undefined, authorization: string | undefined): boolean {
  if (!token) return true;
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(authorization ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * /metrics on a listener of its own (METRICS_PORT, ADR 52): scraped on a private port that the
 * public load balancer never forwards, by web and worker processes alike. Everything else is 404.
 */
export async function serveMetrics(
  m: AppMetrics,
  at: { host: string; port: number; token: string | undefined },
): Promise<{ close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (!scrapeAllowed(at.token, req.headers.authorization)) {
      res.writeHead(401, { 'content-type': 'text/plain' }).end('unauthorized');
      return;
    }
    m.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': m.registry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, resolve);
  });
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
