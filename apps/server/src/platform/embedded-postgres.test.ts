import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.ts';

// A process that started (and stopped) the embedded PostgreSQL ends with its own exit code. The
// library's exit hook used to answer 'beforeExit' with exit code 0: a vitest run with failed
// tests, or a failed CLI command, then reported success.
const dataDir = mkdtempSync(path.join(tmpdir(), 'pria-exit-code-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const here = path.dirname(new URL(import.meta.url).pathname);
const script = (port: number, exitCode: number) => `
  const { startEmbeddedPostgres } = await import(${JSON.stringify(path.join(here, 'embedded-postgres.ts'))});
  const { createLogger } = await import(${JSON.stringify(path.join(here, 'logger.ts'))});
  const pg = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port}, logger: createLogger('silent') });
  await pg.stop();
  process.exitCode = ${exitCode};
`;

const run = (source: string) =>
  new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', source], { stdio: 'ignore' });
    child.on('exit', (code) => resolve(code));
  });

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('a process with the embedded PostgreSQL', () => {
  it('exits with the code it set', async () => {
    const port = await freePort();
    expect(await run(script(port, 3))).toBe(3);
    expect(await answers(port)).toBe(false);
    expect(await run(script(port, 0))).toBe(0);
  }, 60_000);
});
