import { createHash } from 'node:crypto';
import { messages } from '@pria/contracts';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { envelopeError } from './framework-errors.ts';
import type { Logger } from './logger.ts';

/**
 * Whom a limit counts (docs/security.md lists every limit with its key and what it protects):
 * - `ip`: the client's address (`req.ip`: with TRUST_PROXY, the address the load balancer saw);
 * - `account`: the signed-in account, from whatever address and through whichever process it
 *   calls (only on routes that need a sign-in: the app refuses to start otherwise);
 * - `ip+account`: each of the two counted on its own, refused when either is spent (the
 *   account only when the caller is signed in).
 */
export type RateLimitKey = 'ip' | 'account' | 'ip+account';
type Unit = 'second' | 'minute' | 'hour';
/** '1 minute', '10 minutes', '1 hour'. */
export type TimeWindow = `1 ${Unit}` | `${number} ${Unit}s`;

export interface RateLimit {
  max: number;
  timeWindow: TimeWindow;
  key: RateLimitKey;
  /**
   * The refusal of a route that answers a person's form with a page (the identity provider's),
   * not the API's JSON envelope: called with the reply (429 and Retry-After already set).
   */
  refuse?: (reply: FastifyReply, retryAfterSeconds: number) => FastifyReply;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * At most `max` requests per `timeWindow` per key, counted in PostgreSQL: every process of
     * the deployment shares the count (ADR 53). Over it: 429 RATE_LIMITED with Retry-After.
     */
    rateLimit?: RateLimit;
  }
}

/** The counters' table (migration 0102); made by the owner, never by the library. */
const TABLE = 'rate_limits';
const SWEEP_EVERY_MS = 5 * 60_000;
/** A window's row outlives its end by this much, so a process whose clock lags does not lose a live count. */
const SWEEP_MARGIN_MS = 60_000;

const UNIT_SECONDS: Record<Unit, number> = { second: 1, minute: 60, hour: 3600 };

/** A window in seconds; throws (at start-up, when the route registers) on a malformed one. */
export function windowSeconds(window: string): number {
  const match = /^(\d+) (second|minute|hour)s?$/.exec(window);
  const n = Number(match?.[1]);
  if (!match || !(n > 0)) throw new Error(`rate limit window "${window}" is not like "10 minutes"`);
  return n * UNIT_SECONDS[match[2] as Unit];
}

/** The 429 answer's body: the one error envelope. */
const rateLimitedAnswer = () => envelopeError(429, 'RATE_LIMITED', messages.tooManyRequests);

export interface RateLimitStore {
  /**
   * Adds its limit's check to a route that declares one, when the route registers (an onRoute
   * hook); a route without a limit gets no hook and pays nothing.
   */
  guard(route: RouteOptions): void;
  /** Deletes the counters whose window has ended; how many. Runs every 5 minutes on its own. */
  sweep(): Promise<number>;
  close(): void;
}

/**
 * The rate limits of every route, counted in PostgreSQL through rate-limiter-flexible's store
 * (one upsert per key per request, on the app's pool, as the runtime role).
 */
export function createRateLimitStore(pool: pg.Pool, logger: Logger): RateLimitStore {
  async function sweep(): Promise<number> {
    const res = await pool.query(`delete from ${TABLE} where expire < $1`, [Date.now() - SWEEP_MARGIN_MS]);
    return res.rowCount ?? 0;
  }
  const timer = setInterval(() => {
    sweep().catch((err: unknown) => logger.warn({ err }, 'could not delete ended rate-limit windows'));
  }, SWEEP_EVERY_MS);
  timer.unref();

  return {
    guard(route) {
      const rule = route.config?.rateLimit;
      if (!rule) return;
      const id = routeId(route);
      const access = route.config?.access?.kind;
      if (rule.key === 'account' && access !== 'user' && access !== 'permission') {
        throw new Error(`${id} counts its rate limit by account but does not require a sign-in`);
      }
      if (!Number.isInteger(rule.max) || rule.max < 1) throw new Error(`${id}: rate limit max must be >= 1`);
      const limiter = new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        tableName: TABLE,
        tableCreated: true,
        // One sweep per process (above), not a timer per route.
        clearExpiredByTimeout: false,
        keyPrefix: id,
        points: rule.max,
        duration: windowSeconds(rule.timeWindow),
      });
      const check: onRequestAsyncHookHandler = (req, reply) => enforce(limiter, rule, req, reply);
      const hooks = route.onRequest ? [route.onRequest].flat() : [];
      // After the app's own onRequest hooks: the caller is known (or refused) by then.
      route.onRequest = [...hooks, check];
    },
    sweep,
    close() {
      clearInterval(timer);
    },
  };
}

/**
 * One count per route: GET and HEAD share theirs, and `/cards` and `/cards/` too (the same
 * operation under two spellings must not double the allowance).
 */
function routeId(route: RouteOptions): string {
  const methods = [route.method].flat().map((m) => (m === 'HEAD' ? 'GET' : m));
  const url = route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url;
  return `${[...new Set(methods)].join(',')} ${url}`;
}

/**
 * A key's variable part as stored: as is when short (an address, a subject), else its digest.
 * With `TRUST_PROXY=true` the address is whatever X-Forwarded-For says, any length; the key
 * column holds 255 characters.
 */
const keyPart = (value: string) =>
  value.length <= 100 ? value : `sha256:${createHash('sha256').update(value).digest('base64url')}`;

function keysOf(key: RateLimitKey, req: FastifyRequest): string[] {
  const ip = `ip:${keyPart(req.ip)}`;
  const account = req.principal ? `account:${keyPart(req.principal.subject)}` : null;
  if (key === 'ip') return [ip];
  if (key === 'account') {
    // Unreachable: guard() allows 'account' only where the access rule demands a sign-in.
    if (!account) throw new Error('a route limited per account was reached without a sign-in');
    return [account];
  }
  return account ? [ip, account] : [ip];
}

/**
 * Counts the request under each of its keys (in parallel, each one statement) and answers 429
 * when any is spent. A store failure is thrown to the app's error handler: 503 UNAVAILABLE
 * with Retry-After when the database is unreachable, as for any other query (ADR 53).
 */
async function enforce(
  limiter: RateLimiterPostgres,
  rule: RateLimit,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const outcomes = await Promise.allSettled(keysOf(rule.key, req).map((k) => limiter.consume(k)));
  const counted: RateLimiterRes[] = [];
  const spent: RateLimiterRes[] = [];
  for (const o of outcomes) {
    if (o.status === 'fulfilled') counted.push(o.value);
    else if (o.reason instanceof RateLimiterRes) spent.push(o.reason);
    else throw o.reason;
  }
  // Refused: come back when every spent count has started over.
  const decisive = spent.length ? spent : counted;
  const resetMs = Math.max(...decisive.map((c) => c.msBeforeNext));
  const resetSeconds = String(Math.max(1, Math.ceil(resetMs / 1000)));
  reply.header('x-ratelimit-limit', String(rule.max));
  reply.header(
    'x-ratelimit-remaining',
    String(Math.min(...[...counted, ...spent].map((c) => c.remainingPoints))),
  );
  reply.header('x-ratelimit-reset', resetSeconds);
  if (!spent.length) return undefined;
  reply.code(429).header('retry-after', resetSeconds);
  return rule.refuse ? rule.refuse(reply, Number(resetSeconds)) : reply.send(rateLimitedAnswer());
}
