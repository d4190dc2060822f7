import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable Pria reads, validated once at start-up. A bad value stops the
 * process with a message naming the variable (the README's configuration table mirrors this).
 */
const port = z.coerce.number().int().min(1).max(65535);
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  PRIA_DATA_DIR: z.string().min(1).default('.data'),
  PRIA_EMBEDDED_PG_PORT: port.default(54329),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  OIDC_ISSUER: z.url().optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('pria-web'),
  OIDC_ROLES_CLAIM: z.string().min(1).default('roles'),
  OIDC_PERMISSIONS_CLAIM: z.string().min(1).default('permissions'),
  OIDC_COOKIE_KEYS: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  SUPPORT_EMAIL: z.email().default('support@pria.example'),
  MAIL_FROM: z.string().min(3).default('Pria <no-reply@pria.example>'),
  SMTP_URL: z.url().optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
  DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  DELIVERY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  DEV_OUTBOX: bool.optional(),
  PRIA_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  PRIA_JOBS: bool.default(true),
  METRICS_TOKEN: z.string().min(16).optional(),
  PAYMENT_GATEWAY: z.enum(['simulator']).default('simulator'),
  SIMULATOR_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  SIMULATOR_FAULT_RATE: z.coerce.number().min(0).max(1).default(0),
  BILLING_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(20),
  BILLING_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(500),
  BILLING_STALE_AFTER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  BILLING_DRAIN_JOBS: z.coerce.number().int().min(1).max(64).default(2),
});

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  databasePoolSize: number;
  oidc: {
    issuer: string;
    audience: string;
    clientId: string;
    rolesClaim: string;
    permissionsClaim: string;
    /** True when the issuer is the provider mounted in this process at /oidc. */
    builtIn: boolean;
    cookieKeys: string[] | undefined;
  };
  logLevel: string;
  trustProxy: boolean;
  supportEmail: string;
  mailFrom: string;
  smtpUrl: string | undefined;
  /** Twilio (or a Twilio-compatible provider) for SMS; unset: SMS stay in the outbox. */
  twilio: { accountSid: string; authToken: string; from: string; baseUrl: string } | undefined;
  delivery: {
    /** Tries per message before it is marked failed. */
    maxAttempts: number;
    /** How often a worker looks for new money events and messages to send. */
    intervalMs: number;
  };
  /** Serve /dev/outbox (never in production). */
  devOutbox: boolean;
  /** web: HTTP only; worker: jobs only; all: both (one process does everything). */
  role: 'all' | 'web' | 'worker';
  /** Run the pg-boss job queue (off in tests that drive billing themselves). */
  jobs: boolean;
  /** Bearer token required at /metrics when set. */
  metricsToken: string | undefined;
  payments: {
    gateway: 'simulator';
    simulatorLatencyMs: number;
    simulatorFaultRate: number;
  };
  billing: {
    concurrency: number;
    batchSize: number;
    staleAfterMs: number;
    drainJobs: number;
  };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (FOO= in a shell or .env file) means "not set".
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const builtInIssuer = `${publicUrl}/oidc`;
  const issuer = (e.OIDC_ISSUER ?? builtInIssuer).replace(/\/$/, '');
  if (e.NODE_ENV === 'production' && issuer === builtInIssuer && !e.OIDC_COOKIE_KEYS) {
    throw new ConfigError('Invalid configuration:\n  OIDC_COOKIE_KEYS: required in production');
  }
  const twilioKeys = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;
  const twilioMissing = twilioKeys.filter((k) => !e[k]);
  if (twilioMissing.length > 0 && twilioMissing.length < twilioKeys.length) {
    // Half a Twilio configuration is a mistake, not "SMS off".
    const lines = twilioMissing.map((k) => `  ${k}: required with the other TWILIO_ settings`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.PRIA_DATA_DIR),
    embeddedPgPort: e.PRIA_EMBEDDED_PG_PORT,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    oidc: {
      issuer,
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      clientId: e.OIDC_CLIENT_ID,
      rolesClaim: e.OIDC_ROLES_CLAIM,
      permissionsClaim: e.OIDC_PERMISSIONS_CLAIM,
      builtIn: issuer === builtInIssuer,
      cookieKeys: e.OIDC_COOKIE_KEYS?.split(',').map((k) => k.trim()),
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    supportEmail: e.SUPPORT_EMAIL,
    mailFrom: e.MAIL_FROM,
    smtpUrl: e.SMTP_URL,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            baseUrl: e.TWILIO_BASE_URL.replace(/\/$/, ''),
          }
        : undefined,
    delivery: {
      maxAttempts: e.DELIVERY_MAX_ATTEMPTS,
      intervalMs: e.DELIVERY_INTERVAL_SECONDS * 1000,
    },
    devOutbox: e.DEV_OUTBOX ?? e.NODE_ENV !== 'production',
    role: e.PRIA_ROLE,
    jobs: e.PRIA_JOBS,
    metricsToken: e.METRICS_TOKEN,
    payments: {
      gateway: e.PAYMENT_GATEWAY,
      simulatorLatencyMs: e.SIMULATOR_LATENCY_MS,
      simulatorFaultRate: e.SIMULATOR_FAULT_RATE,
    },
    billing: {
      concurrency: e.BILLING_CONCURRENCY,
      batchSize: e.BILLING_BATCH_SIZE,
      staleAfterMs: e.BILLING_STALE_AFTER_SECONDS * 1000,
      drainJobs: e.BILLING_DRAIN_JOBS,
    },
  };
}
