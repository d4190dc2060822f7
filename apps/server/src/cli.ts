import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { createUser, IdpUserError } from './idp/index.ts';
import { createDb, type Db } from './platform/db.ts';
import { openDatabase } from './platform/database.ts';
import { createLogger } from './platform/logger.ts';
import { migrateToLatest } from './platform/migrate.ts';

/**
 * Operator commands: `npm run cli -- <command> [options]`. They work whether or not the app is
 * running: with the embedded database they join the running server or start it for the call.
 */
interface Command {
  usage: string;
  options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;
  run(db: Db, values: Record<string, unknown>): Promise<unknown>;
}

const commands: Record<string, Command> = {
  'user:create': {
    usage: 'user:create --email E --password P [--role admin] [--verified]',
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string', multiple: true },
      verified: { type: 'boolean' },
    },
    async run(db, v) {
      if (typeof v.email !== 'string' || typeof v.password !== 'string') throw new UsageError();
      const roles = (v.role as string[] | undefined) ?? ['customer'];
      const user = await createUser(db, {
        email: v.email,
        password: v.password,
        roles,
        // Accounts made by an operator are vouched for; --verified is kept for clarity.
        emailVerified: true,
      });
      return { id: user.id, email: v.email.toLowerCase(), roles };
    },
  },
};

class UsageError extends Error {}

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
  const { values } = parseArgs({ args: rest, options: command.options, strict: true });
  const config = loadConfig();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const database = await openDatabase(config, logger);
  const { db } = createDb(database.url, 2);
  try {
    await migrateToLatest(db);
    const result = await command.run(db, values);
    console.log(JSON.stringify(result, null, 2));
    return 0;
  } finally {
    await db.destroy();
    await database.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      if (!(err instanceof UsageError)) console.error(err.message);
      printUsage();
      process.exit(2);
    }
    const known = err instanceof ConfigError || err instanceof IdpUserError;
    console.error(known ? err.message : `Error: ${(err as Error).message}`);
    process.exit(1);
  },
);
