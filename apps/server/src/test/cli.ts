import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestApp } from './harness.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs the operator CLI (`npm run cli -- ...`) against a test app's database, to its exit. */
export function runCli(
  t: Pick<TestApp, 'databaseUrl' | 'url'>,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [path.join(serverRoot, 'src', 'cli.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'error', PUBLIC_URL: t.url, ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (b) => {
    out += b;
  });
  child.stderr.on('data', (b) => {
    err += b;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })));
}
