import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../platform/embedded-postgres.ts';
import type { Logger } from '../platform/logger.ts';
import { freePort } from './free-port.ts';

/**
 * How PostgreSQL is stopped abruptly: `sigkill` kills the postmaster alone (as the kernel's OOM
 * killer would; its backends notice and exit), `immediate` is `pg_ctl stop -m immediate` (SIGQUIT:
 * every process exits at once, no checkpoint). Either way the next start runs crash recovery
 * from the WAL.
 */
export type Crash = 'sigkill' | 'immediate';

export interface CrashablePostgres {
  /** The server now running (a new one after each restart, on the same data directory and port). */
  readonly server: EmbeddedDatabase;
  crash(how: Crash): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** The pid and parent pid of every process, from /proc (Linux). Zombies count as gone. */
function processes(): { pid: number; ppid: number }[] {
  const all: { pid: number; ppid: number }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state = '', ppid = ''] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state !== 'Z') all.push({ pid: Number(entry), ppid: Number(ppid) });
    } catch {
      // It ended while we looked.
    }
  }
  return all;
}

/**
 * An embedded PostgreSQL of its own (own data directory, own port) that a test may crash and
 * start again; the shared test server must never be killed.
 */
export async function startCrashablePostgres(logger: Logger): Promise<CrashablePostgres> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pria-crash-pg-'));
  const port = await freePort();
  let server = await startEmbeddedPostgres({ dataDir, port, logger });
  let crashed = false;
  return {
    get server() {
      return server;
    },
    async crash(how) {
      const postmaster = Number(
        readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      const family = [postmaster, ...processes().flatMap((p) => (p.ppid === postmaster ? [p.pid] : []))];
      process.kill(postmaster, how === 'sigkill' ? 'SIGKILL' : 'SIGQUIT');
      crashed = true;
      // A new postmaster refuses to start while any old backend still holds the shared memory.
      for (const deadline = Date.now() + 15_000; ; await sleep(20)) {
        const alive = new Set(processes().map((p) => p.pid));
        if (!family.some((pid) => alive.has(pid))) return;
        if (Date.now() > deadline)
          throw new Error(`PostgreSQL processes still alive 15 s after the ${how} crash`);
      }
    },
    async restart() {
      // NOTE: the crashed server's handle is dropped, never stopped: its stop() waits for an
      // exit that has already happened.
      server = await startEmbeddedPostgres({ dataDir, port, logger });
      crashed = false;
    },
    async stop() {
      if (!crashed) await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
