import { parseArgs } from 'node:util';
import { isStaffRole, staffRoles } from '@pria/contracts';
import { sql } from 'kysely';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createPaymentGateway, SimulatorGateway } from './gateways/payments/index.ts';
import { createUser, IdpUserError, resealStoredKeys } from './idp/index.ts';
import {
  createBillingDeps,
  forceBillingRun,
  isPeriod,
  movedClockRefusal,
  reconcilePeriod,
  reconcileRecent,
  runDueWork,
  simulateDispute,
  simulateDisputeDecision,
} from './modules/billing/index.ts';
import { releaseSettledInstruments } from './modules/cards/index.ts';
import { sendDueNotices } from './modules/notifications/index.ts';
import { subscriptionEffects } from './modules/subscriptions/index.ts';
import { cliAuditContext, recordStaffAction } from './platform/audit.ts';
import { clockFor } from './platform/clock.ts';
import { openDatabase, type RunningDatabase } from './platform/database.ts';
import type { Db } from './platform/db.ts';
import { grantStatements } from './platform/db-grants-sql.ts';
import { roleOfUrl } from './platform/db-roles.ts';
import { ForeignServerError } from './platform/embedded-server-identity.ts';
import { AppError } from './platform/errors.ts';
import { resolveKeyRing } from './platform/key-encryption.ts';
import { createLogger, type Logger } from './platform/logger.ts';
import { prepareDatabase } from './prepare-database.ts';
import { openRuntimeDatabase } from './runtime-database.ts';

/**
 * Operator commands: `npm run cli -- <command> [options]`. They work whether or not the app is
 * running: with the embedded database they join the running server or start it for the call.
 */
interface Command {
  usage: string;
  options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;
  /** Positional arguments allowed after the command name. */
  positionals?: number;
  /**
   * Runs before the app's connection is opened (the migration step, which needs the owner and
   * must not need a migrated schema); the other commands run as the runtime role.
   */
  beforeConnect?: (ctx: Omit<CliContext, 'db'>, values: Record<string, unknown>) => Promise<unknown>;
  /** Refuses the call (a UsageError) before the database is opened: nothing is written. */
  refuse?: (config: Config, values: Record<string, unknown>) => void;
  run(ctx: CliContext, values: Record<string, unknown>, positionals: string[]): Promise<unknown>;
}

interface CliContext {
  db: Db;
  config: Config;
  logger: Logger;
  /** Where the database is: the runtime role's URL, and the owner's when this process has it. */
  database: RunningDatabase;
}

/** The money engine as the CLI runs it: in this process, waiting for the work to finish. */
async function billingDeps(ctx: CliContext, at?: Date) {
  const clock = at ? { now: () => new Date(at) } : clockFor(ctx.config.clockOffsetMs);
  const payments = await createPaymentGateway(ctx.config, ctx.db, undefined, () => clock.now());
  return {
    ...createBillingDeps({ ...ctx, payments, clock, subscriptions: subscriptionEffects }),
    afterPayouts: (at: Date) => releaseSettledInstruments(ctx.db, payments, at),
    afterTick: (at: Date) => sendDueNotices({ db: ctx.db, publicUrl: ctx.config.publicUrl }, at),
  };
}

/**
 * `--at` runs the money engine as of another instant: with the simulator outside production
 * only (movedClockRefusal says why not), checked before anything is opened or written.
 */
function refuseMovedClock(config: Config, values: Record<string, unknown>): void {
  if (values.at === undefined) return;
  const why = movedClockRefusal(config);
  if (why) throw new UsageError(why);
}

function instant(value: unknown): Date {
  const d = new Date(String(value));
  if (typeof value !== 'string' || Number.isNaN(d.getTime()))
    throw new UsageError('--at needs an ISO instant, e.g. 2026-11-28T21:00:00Z');
  return d;
}

const commands: Record<string, Command> = {
  'db:migrate': {
    usage:
      "db:migrate   as the owner (DATABASE_OWNER_URL): migrations, job and simulator schemas, then the runtime role's grants",
    options: {},
    async beforeConnect({ config, database, logger }) {
      if (!database.ownerUrl)
        throw new UsageError('db:migrate runs as the owner: set DATABASE_OWNER_URL beside DATABASE_URL');
      const runtimeRole = roleOfUrl(database.url);
      const applied = await prepareDatabase({
        ownerUrl: database.ownerUrl,
        runtimeRole,
        jobs: config.jobs,
        simulator: config.payments.gateway === 'simulator',
        logger,
      });
      return { applied, grantedTo: runtimeRole };
    },
    run: async () => undefined,
  },
  'db:grants': {
    usage:
      'db:grants   print, as SQL, what the runtime role may do (the policy of db-grants.ts on this schema)',
    options: {},
    async run({ db, database }) {
      const name = await sql<{ db: string }>`select current_database() as db`.execute(db);
      const statements = await grantStatements(db, {
        runtimeRole: roleOfUrl(database.url),
        database: name.rows[0]?.db ?? '',
      });
      return new PlainText(statements.join('\n'));
    },
  },
  'keys:rotate': {
    usage:
      'keys:rotate   seal every secret in idp_keys under PRIA_KEY_ENCRYPTION_KEY (opening those under PRIA_KEY_ENCRYPTION_KEY_PREVIOUS, or in clear)',
    options: {},
    async run({ db, config, logger }) {
      const ring = await resolveKeyRing(config, logger);
      const resealed = await resealStoredKeys(db, ring);
      return { keyEncryptionKey: ring.current.id, resealed };
    },
  },
  'user:create': {
    usage:
      'user:create --email E --password P [--role support|finance|admin] [--verified]   (no --role: a customer)',
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string', multiple: true },
      verified: { type: 'boolean' },
    },
    async run({ db }, v) {
      if (typeof v.email !== 'string' || typeof v.password !== 'string') throw new UsageError();
      // Repeatable and comma-separated both work: --role admin, --role support --role finance, --role support,finance.
      const given = ((v.role as string[] | undefined) ?? [])
        .flatMap((r) => r.split(','))
        .map((r) => r.trim());
      const unknown = given.filter((r) => r !== 'customer' && !isStaffRole(r));
      if (unknown.length)
        throw new UsageError(
          `--role must be one of ${[...staffRoles, 'customer'].join(', ')} (got ${unknown.join(', ')})`,
        );
      const roles = given.length ? [...new Set(given)] : ['customer'];
      const email = v.email.trim().toLowerCase();
      // The account and its audit row commit together: who made it is the OS user at the CLI.
      const user = await db.transaction().execute(async (tx) => {
        const made = await createUser(tx, {
          email,
          password: v.password as string,
          roles,
          // Accounts made by an operator are vouched for; --verified is kept for clarity.
          emailVerified: true,
        });
        await recordStaffAction(tx, cliAuditContext(), {
          action: roles.some(isStaffRole) ? 'staff.create' : 'customer.create',
          targetType: roles.some(isStaffRole) ? 'staff' : 'identity',
          targetId: made.id,
          after: { email, roles },
        });
        return made;
      });
      return { id: user.id, email, roles };
    },
  },
  'billing:tick': {
    usage:
      'billing:tick [--at <ISO instant>]      do what is due now (--at: at that instant; simulator only, never in production), wait, print a summary',
    options: { at: { type: 'string' } },
    refuse: refuseMovedClock,
    async run(ctx, v) {
      const at = v.at === undefined ? clockFor(ctx.config.clockOffsetMs).now() : instant(v.at);
      // The runs it opens are the operator's, each audited with the instant it was run for.
      const runs = await runDueWork(await billingDeps(ctx, at), at, cliAuditContext());
      return { at: at.toISOString(), runs };
    },
  },
  'billing:run': {
    usage:
      'billing:run payin|payout|subscriptions [--period YYYY-MM] [--at <ISO instant>]   force a run now and wait (the latest due month by default; --at: simulator only, never in production)',
    options: { period: { type: 'string' }, at: { type: 'string' } },
    positionals: 1,
    refuse: refuseMovedClock,
    async run(ctx, v, [kind]) {
      if (kind !== 'payin' && kind !== 'payout' && kind !== 'subscriptions') throw new UsageError();
      // Which periods may run (a month from the service's first to the current one) is the use
      // case's rule: refused there with the API's words.
      const at = v.at === undefined ? clockFor(ctx.config.clockOffsetMs).now() : instant(v.at);
      const deps = await billingDeps(ctx, at);
      // The same use case as the admin portal's buttons: the same rules, and an audit row.
      return forceBillingRun(
        deps,
        {
          kind,
          period: kind === 'subscriptions' ? undefined : (v.period as string | undefined),
          audit: cliAuditContext(),
        },
        { wait: true },
      ).catch(refusedAsUsage);
    },
  },
  'billing:dispute': {
    usage:
      'billing:dispute --charge <charge id, reference, processor transaction id or receipt number> | --dispute <id> --outcome won|lost   simulator only: a cardholder disputes, or the network decides',
    options: { charge: { type: 'string' }, dispute: { type: 'string' }, outcome: { type: 'string' } },
    async run(ctx, v) {
      // The app's calendar (PRIA_CLOCK_OFFSET_SECONDS): a dispute opens when the app says it is.
      const clock = clockFor(ctx.config.clockOffsetMs);
      const payments = await createPaymentGateway(ctx.config, ctx.db, undefined, () => clock.now());
      if (!(payments instanceof SimulatorGateway))
        throw new UsageError('billing:dispute drives the simulator only');
      try {
        if (typeof v.charge === 'string') {
          const { disputeId } = await simulateDispute(
            { db: ctx.db, payments },
            v.charge,
            cliAuditContext(),
          ).catch(() => {
            throw new UsageError(
              'No captured charge with that id, reference, processor transaction id or receipt number',
            );
          });
          return { disputeId, recordedAt: 'the next billing tick' };
        }
        if (typeof v.dispute === 'string' && (v.outcome === 'won' || v.outcome === 'lost')) {
          const decision = { disputeId: v.dispute, outcome: v.outcome, audit: cliAuditContext() } as const;
          await simulateDisputeDecision({ db: ctx.db, payments }, decision).catch(() => {
            throw new UsageError('No open dispute with that id');
          });
          return { disputeId: v.dispute, outcome: v.outcome, recordedAt: 'the next billing tick' };
        }
        throw new UsageError();
      } finally {
        await payments.close();
      }
    },
  },
  'billing:reconcile': {
    usage: 'billing:reconcile [--period YYYY-MM]   charged, paid back, declined, returned, outstanding',
    options: { period: { type: 'string' } },
    async run({ db }, v) {
      if (v.period !== undefined && (typeof v.period !== 'string' || !isPeriod(v.period))) {
        throw new UsageError('--period must look like 2026-11');
      }
      return typeof v.period === 'string' ? reconcilePeriod(db, v.period) : reconcileRecent(db, 12);
    },
  },
};

class UsageError extends Error {}

/** A result printed as it is, not as JSON. */
class PlainText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

function print(result: unknown) {
  console.log(result instanceof PlainText ? result.text : JSON.stringify(result, null, 2));
}

/** A rule the use case refused by (e.g. a month not due yet) is the operator's to fix: exit 2 with its words. */
function refusedAsUsage(err: unknown): never {
  if (err instanceof AppError && err.httpCode < 500) throw new UsageError(err.message);
  throw err;
}

function printUsage() {
  console.error('Usage: npm run cli -- <command> [options]\n');
  for (const c of Object.values(commands)) console.error(`  ${c.usage}`);
}

async function main(argv: string[]) {
  const [name, ...rest] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    printUsage();
    return 2;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    options: command.options,
    strict: true,
    allowPositionals: (command.positionals ?? 0) > 0,
  });
  if (positionals.length > (command.positionals ?? 0)) throw new UsageError();
  const config = loadConfig();
  command.refuse?.(config, values);
  // Logs go to stderr: stdout carries only the command's JSON result.
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn', process.stderr);
  const database = await openDatabase(config, logger);
  try {
    if (command.beforeConnect) {
      print(await command.beforeConnect({ config, logger, database }, values));
      return 0;
    }
    // The everyday commands run as the runtime role; the owner migrates first when this
    // process has its URL (the embedded server, or DATABASE_OWNER_URL).
    const { db } = await openRuntimeDatabase(config, database, logger, 2);
    try {
      print(await command.run({ db, config, logger, database }, values, positionals));
      return 0;
    } finally {
      await db.destroy();
    }
  } finally {
    await database.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      if (err.message) console.error(err.message);
      printUsage();
      process.exit(2);
    }
    const known =
      err instanceof ConfigError || err instanceof IdpUserError || err instanceof ForeignServerError;
    console.error(known ? err.message : `Error: ${(err as Error).message}`);
    process.exit(1);
  },
);
