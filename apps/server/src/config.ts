import path from 'node:path';
import { legalAddress, legalEntity } from '@pria/contracts/legal/entity';
import { z } from 'zod';

/**
 * Every environment variable Pria reads, validated once at start-up. A bad value stops the
 * process with a message naming the variable (the README's configuration table mirrors this).
 */
const port = z.coerce.number().int().min(1).max(65535);
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/**
 * Which proxies' X-Forwarded-* headers to believe: their addresses or CIDRs (or the names
 * loopback, linklocal, uniquelocal), comma-separated; the client is then the right-most address
 * in X-Forwarded-For that is not one of them. `true` believes every hop, i.e. takes the
 * left-most entry, which the client writes itself: per-IP limits can then be dodged with a
 * forged header, so prefer the proxies' addresses. (A hop count is not offered: Fastify refuses
 * it, as it cannot tell a proxy from a client that connects directly.)
 */
const proxyEntry =
  /^(loopback|linklocal|uniquelocal|[0-9.]+(\/\d{1,2})?|[0-9a-fA-F:]*:[0-9a-fA-F:.]*(\/\d{1,3})?)$/;
const trustProxy = z
  .string()
  .trim()
  .transform((v) =>
    ['true', '1'].includes(v) ? true : ['false', '0'].includes(v) ? false : v.split(',').map((a) => a.trim()),
  )
  .refine((v) => typeof v === 'boolean' || v.every((a) => proxyEntry.test(a)), {
    message: "true, false, or the proxies' addresses/CIDRs (comma-separated)",
  });

/** 32 random bytes in base64 (or base64url): `openssl rand -base64 32`. */
const keyEncryptionKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9+/_-]{43}=?$/, '32 random bytes in base64 (openssl rand -base64 32)')
  .transform((v) => Buffer.from(v, 'base64'));
/** Origins (scheme://host[:port]), comma-separated, that may call the API and the token endpoint. */
const origins = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  )
  .refine((list) => list.every((o) => URL.canParse(o) && new URL(o).origin === o), {
    message: 'comma-separated origins such as https://app.example.com (scheme, host and port only)',
  });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  DATABASE_OWNER_URL: z.url().optional(),
  PRIA_DATA_DIR: z.string().min(1).default('.data'),
  PRIA_EMBEDDED_PG_PORT: port.default(54329),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  OIDC_ISSUER: z.url().optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('pria-web'),
  OIDC_ROLES_CLAIM: z.string().min(1).default('roles'),
  OIDC_PERMISSIONS_CLAIM: z.string().min(1).default('permissions'),
  OIDC_COOKIE_KEYS: z.string().min(32).optional(),
  AUTH0_DOMAIN: z.string().min(3).optional(),
  AUTH0_MANAGEMENT_CLIENT_ID: z.string().min(1).optional(),
  AUTH0_MANAGEMENT_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  SUPPORT_EMAIL: z.email().default('support@pria.example'),
  MAIL_FROM: z.string().min(3).default('Pria <no-reply@pria.example>'),
  SMTP_URL: z.url().optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
  /** Web push (VAPID, RFC 8292): the application server's P-256 key pair, base64url as web-push prints it. */
  WEB_PUSH_VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'a base64url P-256 public key (87 characters)')
    .optional(),
  WEB_PUSH_VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'a base64url P-256 private key (43 characters)')
    .optional(),
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'a mailto: address or an https: URL')
    .optional(),
  WEB_PUSH_ALLOWED_HOSTS: z.string().min(1).optional(),
  DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  DELIVERY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  DEV_OUTBOX: bool.optional(),
  RESPONSE_VALIDATION: z.enum(['strict', 'report']).optional(),
  PRIA_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  PRIA_JOBS: bool.default(true),
  PRIA_CLOCK_OFFSET_SECONDS: z.coerce.number().int().min(-3_153_600_000).max(3_153_600_000).default(0),
  METRICS_TOKEN: z.string().min(16).optional(),
  METRICS_PORT: port.optional(),
  PRIA_KEY_ENCRYPTION_KEY: keyEncryptionKey.optional(),
  PRIA_KEY_ENCRYPTION_KEY_PREVIOUS: keyEncryptionKey.optional(),
  CORS_ORIGINS: origins.optional(),
  IDP_SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  PAYMENT_GATEWAY: z.enum(['simulator', 'cybersource']).default('simulator'),
  SIMULATOR_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  SIMULATOR_FAULT_RATE: z.coerce.number().min(0).max(1).default(0),
  CYBERSOURCE_BASE_URL: z.url().default('https://apitest.cybersource.com'),
  CYBERSOURCE_MERCHANT_ID: z.string().min(1).optional(),
  CYBERSOURCE_KEY_ID: z.string().min(1).optional(),
  CYBERSOURCE_SHARED_SECRET: z.base64().min(1).optional(),
  CYBERSOURCE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  CYBERSOURCE_MICROFORM_ORIGIN: z.url().optional(),
  /** The webhook digital signature key (key id and base64 key) that signs chargeback notifications. */
  CYBERSOURCE_WEBHOOK_KEY_ID: z.string().trim().min(1).max(100).optional(),
  CYBERSOURCE_WEBHOOK_KEY: z.base64().min(16).optional(),
  BILLING_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(20),
  BILLING_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(500),
  BILLING_STALE_AFTER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  BILLING_LOOKUP_LAG_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  BILLING_DRAIN_JOBS: z.coerce.number().int().min(1).max(64).default(2),
});

/**
 * The browsers' push services (Chrome and Edge: FCM; Firefox: Mozilla's autopush; Safari: Apple;
 * Windows: WNS). A leading dot matches any subdomain.
 */
const DEFAULT_PUSH_HOSTS =
  'fcm.googleapis.com,android.googleapis.com,updates.push.services.mozilla.com,.push.apple.com,.notify.windows.com';

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  publicUrl: string;
  /** The runtime role: what the app connects as (unset: the embedded server). */
  databaseUrl: string | undefined;
  /** The owner role, for migrations and grants only; unset: this process does not migrate. */
  databaseOwnerUrl: string | undefined;
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
  /**
   * Auth0's Management API (client credentials) for account security (password, MFA, deletion)
   * when the issuer is an Auth0 tenant; unset: no identity admin unless the IdP is built in.
   */
  auth0: { baseUrl: string; clientId: string; clientSecret: string } | undefined;
  /** Upstream sign-in offered on the built-in provider's pages; each unset: no button. */
  social: {
    google: { issuer: string; clientId: string; clientSecret: string } | undefined;
    facebook: { clientId: string; clientSecret: string } | undefined;
  };
  logLevel: string;
  /** Fastify's trustProxy: false, true (every hop) or the proxies' addresses/CIDRs. */
  trustProxy: boolean | string[];
  supportEmail: string;
  /** Printed on receipts and statements. */
  legal: { name: string; address: string };
  mailFrom: string;
  smtpUrl: string | undefined;
  /** Twilio (or a Twilio-compatible provider) for SMS; unset: SMS stay in the outbox. */
  twilio: { accountSid: string; authToken: string; from: string; baseUrl: string } | undefined;
  /**
   * Web push. `vapid` unset: keys generated once and kept in the database (development and tests)
   * or, in production, push is off (no subscribe button). `allowedHosts`: the push services a
   * subscription's endpoint may point at (the server posts to it: no arbitrary URLs); loopback is
   * allowed outside production for local stand-ins.
   */
  webPush: {
    vapid: { publicKey: string; privateKey: string } | undefined;
    subject: string;
    allowedHosts: string[];
    allowLoopback: boolean;
  };
  delivery: {
    /** Tries per message before it is marked failed. */
    maxAttempts: number;
    /** How often a worker looks for new money events and messages to send. */
    intervalMs: number;
  };
  /** Serve /dev/outbox (never in production). */
  devOutbox: boolean;
  /**
   * An API answer that does not match its documented schema: 'strict' answers 500 (development,
   * tests: drift fails CI); 'report' logs it and sends the answer (production; ADR 25).
   */
  responseValidation: 'strict' | 'report';
  /** web: HTTP only; worker: jobs only; all: both (one process does everything). */
  role: 'all' | 'web' | 'worker';
  /** Run the pg-boss job queue (off in tests that drive billing themselves). */
  jobs: boolean;
  /**
   * Business time runs this far from the system clock (development and test only): the API, the
   * money engine and the CLI then share one shifted calendar, e.g. for a walk through the months.
   */
  clockOffsetMs: number;
  /** Bearer token required at /metrics when set. */
  metricsToken: string | undefined;
  /** Serve /metrics on this port, on a listener of its own, instead of the app's (ADR 52). */
  metricsPort: number | undefined;
  /**
   * The key-encryption key that seals the secrets kept in the database (ADR 52), and the one it
   * replaces during a rotation (opens only). Unset outside production: a generated key in the
   * data directory (platform/key-encryption.ts).
   */
  keyEncryption: { key: Buffer | undefined; previous: Buffer | undefined };
  /** Browser origins allowed to call the API and the provider's endpoints: PUBLIC_URL's and CORS_ORIGINS. */
  corsOrigins: string[];
  /** Accounts the built-in provider lets one address create per hour. */
  signupsPerIpPerHour: number;
  payments: {
    gateway: 'simulator' | 'cybersource';
    simulatorLatencyMs: number;
    simulatorFaultRate: number;
    /** Set when gateway is 'cybersource' (REST with HTTP Signature auth). */
    cybersource:
      | {
          baseUrl: string;
          merchantId: string;
          keyId: string;
          sharedSecret: string;
          timeoutMs: number;
          /** Where Microform's script and card-field frames come from (allowed by the CSP). */
          microformOrigin: string;
          /** Verifies chargeback notifications (POST /gateway/cybersource/notifications); none: route off. */
          webhook: { keyId: string; key: string } | undefined;
        }
      | undefined;
  };
  billing: {
    concurrency: number;
    batchSize: number;
    staleAfterMs: number;
    /** How long after a call the processor's lookup may still not see it (search indexing lag). */
    lookupLagMs: number;
    drainJobs: number;
  };
}

export class ConfigError extends Error {}

/** The named settings when all are set, undefined when none is; half a group is a mistake. */
function allOrNone<K extends string>(
  e: Partial<Record<K, string>>,
  keys: readonly K[],
): Record<K, string> | undefined {
  const missing = keys.filter((k) => !e[k]);
  if (missing.length === keys.length) return undefined;
  if (missing.length > 0) {
    const lines = missing.map(
      (k) => `  ${k}: required with ${keys.filter((x) => !missing.includes(x)).join(', ')}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return e as Record<K, string>;
}

/**
 * Microform's origin: production's flex.cybersource.com next to api.cybersource.com, the
 * sandbox's testflex.cybersource.com otherwise, unless CYBERSOURCE_MICROFORM_ORIGIN says.
 */
function microformOrigin(baseUrl: string, given: string | undefined): string {
  if (given) return new URL(given).origin;
  return new URL(baseUrl).hostname === 'api.cybersource.com'
    ? 'https://flex.cybersource.com'
    : 'https://testflex.cybersource.com';
}

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
  if (e.NODE_ENV === 'production' && e.PRIA_CLOCK_OFFSET_SECONDS !== 0) {
    throw new ConfigError('Invalid configuration:\n  PRIA_CLOCK_OFFSET_SECONDS: never in production');
  }
  if (e.NODE_ENV === 'production') {
    // What production never runs without, all named at once.
    const missing: string[] = [];
    if (issuer === builtInIssuer && !e.OIDC_COOKIE_KEYS)
      missing.push('  OIDC_COOKIE_KEYS: required in production');
    if (issuer === builtInIssuer && !e.PRIA_KEY_ENCRYPTION_KEY)
      missing.push(
        '  PRIA_KEY_ENCRYPTION_KEY: required in production (it seals the signing, cookie and TOTP keys kept in the database; openssl rand -base64 32)',
      );
    if (!e.METRICS_TOKEN && e.METRICS_PORT === undefined)
      missing.push(
        '  METRICS_TOKEN: required in production, unless METRICS_PORT serves /metrics on a listener of its own',
      );
    if (missing.length) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError('Invalid configuration:\n  METRICS_PORT: must differ from PORT');
  }
  if (
    e.PRIA_KEY_ENCRYPTION_KEY_PREVIOUS &&
    (!e.PRIA_KEY_ENCRYPTION_KEY || e.PRIA_KEY_ENCRYPTION_KEY.equals(e.PRIA_KEY_ENCRYPTION_KEY_PREVIOUS))
  ) {
    throw new ConfigError(
      'Invalid configuration:\n  PRIA_KEY_ENCRYPTION_KEY_PREVIOUS: set only with another PRIA_KEY_ENCRYPTION_KEY (the new key)',
    );
  }
  // The owner migrates the database the app uses: without DATABASE_URL the embedded server is
  // used, whose roles Pria makes itself. Two URLs naming one role would run the app as the owner.
  if (e.DATABASE_OWNER_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_OWNER_URL: set only with DATABASE_URL (the runtime role)',
    );
  }
  if (
    e.DATABASE_OWNER_URL &&
    e.DATABASE_URL &&
    new URL(e.DATABASE_OWNER_URL).username === new URL(e.DATABASE_URL).username
  ) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_OWNER_URL: must name another role than DATABASE_URL (the owner migrates, the app runs as the runtime role)',
    );
  }
  const twilioKeys = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;
  const twilioMissing = twilioKeys.filter((k) => !e[k]);
  if (twilioMissing.length > 0 && twilioMissing.length < twilioKeys.length) {
    // Half a Twilio configuration is a mistake, not "SMS off".
    const lines = twilioMissing.map((k) => `  ${k}: required with the other TWILIO_ settings`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const vapid = allOrNone(e, ['WEB_PUSH_VAPID_PUBLIC_KEY', 'WEB_PUSH_VAPID_PRIVATE_KEY']);
  const auth0 = allOrNone(e, [
    'AUTH0_DOMAIN',
    'AUTH0_MANAGEMENT_CLIENT_ID',
    'AUTH0_MANAGEMENT_CLIENT_SECRET',
  ]);
  const google = allOrNone(e, ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']);
  const facebook = allOrNone(e, ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET']);
  const cybersourceKeys = [
    'CYBERSOURCE_MERCHANT_ID',
    'CYBERSOURCE_KEY_ID',
    'CYBERSOURCE_SHARED_SECRET',
  ] as const;
  const cybersourceMissing = cybersourceKeys.filter((k) => !e[k]);
  if (e.PAYMENT_GATEWAY === 'cybersource' && cybersourceMissing.length > 0) {
    const lines = cybersourceMissing.map((k) => `  ${k}: required when PAYMENT_GATEWAY=cybersource`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // NOTE: a lookup that finds nothing proves "never received" (and the call is sent again under
  // the same reference) only once no request can still be in flight: the lag must exceed the
  // HTTP timeout (ADR 7).
  if (
    e.PAYMENT_GATEWAY === 'cybersource' &&
    e.BILLING_LOOKUP_LAG_SECONDS !== undefined &&
    e.BILLING_LOOKUP_LAG_SECONDS * 1000 <= e.CYBERSOURCE_TIMEOUT_MS
  ) {
    throw new ConfigError(
      'Invalid configuration:\n  BILLING_LOOKUP_LAG_SECONDS: must exceed CYBERSOURCE_TIMEOUT_MS, so no request can still be in flight when a lookup finds nothing',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
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
    auth0: auth0
      ? {
          // A bare tenant domain ('tenant.us.auth0.com') means https; a URL is taken as is.
          baseUrl: (/^https?:\/\//.test(auth0.AUTH0_DOMAIN)
            ? auth0.AUTH0_DOMAIN
            : `https://${auth0.AUTH0_DOMAIN}`
          ).replace(/\/$/, ''),
          clientId: auth0.AUTH0_MANAGEMENT_CLIENT_ID,
          clientSecret: auth0.AUTH0_MANAGEMENT_CLIENT_SECRET,
        }
      : undefined,
    social: {
      google: google
        ? {
            issuer: e.GOOGLE_ISSUER,
            clientId: google.GOOGLE_CLIENT_ID,
            clientSecret: google.GOOGLE_CLIENT_SECRET,
          }
        : undefined,
      facebook: facebook
        ? { clientId: facebook.FACEBOOK_CLIENT_ID, clientSecret: facebook.FACEBOOK_CLIENT_SECRET }
        : undefined,
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    supportEmail: e.SUPPORT_EMAIL,
    // Who issues receipts and statements: the one legal entity the web's Contact and terms name
    // too (packages/contracts legal/entity.ts); no longer configurable apart from them (issue 29).
    legal: { name: legalEntity.name, address: legalAddress },
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
    webPush: {
      vapid: vapid
        ? {
            publicKey: e.WEB_PUSH_VAPID_PUBLIC_KEY as string,
            privateKey: e.WEB_PUSH_VAPID_PRIVATE_KEY as string,
          }
        : undefined,
      subject: e.WEB_PUSH_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
      allowedHosts: (e.WEB_PUSH_ALLOWED_HOSTS ?? DEFAULT_PUSH_HOSTS)
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
      allowLoopback: e.NODE_ENV !== 'production',
    },
    delivery: {
      maxAttempts: e.DELIVERY_MAX_ATTEMPTS,
      intervalMs: e.DELIVERY_INTERVAL_SECONDS * 1000,
    },
    devOutbox: e.DEV_OUTBOX ?? e.NODE_ENV !== 'production',
    responseValidation: e.RESPONSE_VALIDATION ?? (e.NODE_ENV === 'production' ? 'report' : 'strict'),
    role: e.PRIA_ROLE,
    jobs: e.PRIA_JOBS,
    clockOffsetMs: e.PRIA_CLOCK_OFFSET_SECONDS * 1000,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    keyEncryption: { key: e.PRIA_KEY_ENCRYPTION_KEY, previous: e.PRIA_KEY_ENCRYPTION_KEY_PREVIOUS },
    corsOrigins: [...new Set([new URL(publicUrl).origin, ...(e.CORS_ORIGINS ?? [])])],
    signupsPerIpPerHour: e.IDP_SIGNUPS_PER_IP_PER_HOUR,
    payments: {
      gateway: e.PAYMENT_GATEWAY,
      simulatorLatencyMs: e.SIMULATOR_LATENCY_MS,
      simulatorFaultRate: e.SIMULATOR_FAULT_RATE,
      cybersource:
        e.PAYMENT_GATEWAY === 'cybersource' &&
        e.CYBERSOURCE_MERCHANT_ID &&
        e.CYBERSOURCE_KEY_ID &&
        e.CYBERSOURCE_SHARED_SECRET
          ? {
              baseUrl: e.CYBERSOURCE_BASE_URL.replace(/\/$/, ''),
              merchantId: e.CYBERSOURCE_MERCHANT_ID,
              keyId: e.CYBERSOURCE_KEY_ID,
              sharedSecret: e.CYBERSOURCE_SHARED_SECRET,
              timeoutMs: e.CYBERSOURCE_TIMEOUT_MS,
              microformOrigin: microformOrigin(e.CYBERSOURCE_BASE_URL, e.CYBERSOURCE_MICROFORM_ORIGIN),
              webhook:
                e.CYBERSOURCE_WEBHOOK_KEY_ID && e.CYBERSOURCE_WEBHOOK_KEY
                  ? { keyId: e.CYBERSOURCE_WEBHOOK_KEY_ID, key: e.CYBERSOURCE_WEBHOOK_KEY }
                  : undefined,
            }
          : undefined,
    },
    billing: {
      concurrency: e.BILLING_CONCURRENCY,
      batchSize: e.BILLING_BATCH_SIZE,
      staleAfterMs: e.BILLING_STALE_AFTER_SECONDS * 1000,
      // CyberSource's transaction search is indexed asynchronously (minutes); the simulator is not.
      lookupLagMs: (e.BILLING_LOOKUP_LAG_SECONDS ?? (e.PAYMENT_GATEWAY === 'cybersource' ? 1800 : 0)) * 1000,
      drainJobs: e.BILLING_DRAIN_JOBS,
    },
  };
}
