import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const mainTs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');

/** A worker process that ended without being asked to: what a supervisor's log would keep. */
export interface WorkerExit {
  slot: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The end of what it printed. */
  output: string;
}

export interface SupervisedWorkers {
  /** Ended without being asked to (each was started again). */
  readonly exits: readonly WorkerExit[];
  /** Stops every worker with SIGTERM (as a deploy does) and returns their exit codes (null: killed). */
  stop(): Promise<(number | null)[]>;
}

/**
 * `count` real worker processes (`main.ts` with PRIA_ROLE=worker), each started again a second
 * after it ends unasked, as a process supervisor does (Docker's `--restart`, systemd's
 * `Restart=always`, a Kubernetes Deployment). Resolves once every one is running.
 */
export async function startSupervisedWorkers(
  count: number,
  env: Record<string, string>,
): Promise<SupervisedWorkers> {
  const exits: WorkerExit[] = [];
  let stopping = false;
  const children: ChildProcess[] = [];
  const ended: Promise<number | null>[] = [];

  const start = (slot: number): Promise<void> => {
    const child = spawn(process.execPath, [mainTs], {
      env: {
        ...process.env,
        // V8's compiled code kept between starts: a worker starts a third faster the second time.
        NODE_COMPILE_CACHE: path.join(tmpdir(), 'pria-node-compile-cache'),
        ...env,
        PRIA_ROLE: 'worker',
        PRIA_JOBS: 'true',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children[slot] = child;
    let output = '';
    let running: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      running = resolve;
    });
    const keep = (d: Buffer) => {
      output = (output + d.toString()).slice(-6000);
      if (output.includes('Pria worker is running')) running();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    ended[slot] = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        if (!stopping) {
          exits.push({ slot, code, signal, output });
          // A start that fails is itself an exit, recorded above.
          void sleep(1000).then(() => (stopping ? undefined : start(slot).catch(() => {})));
        }
        resolve(code);
      });
    });
    const late = new AbortController();
    return Promise.race([
      started,
      ended[slot].then((code) => {
        throw new Error(`worker ${slot} exited (${code}) before it ran:\n${output}`);
      }),
      sleep(90_000, undefined, { signal: late.signal }).then(() => {
        throw new Error(`worker ${slot} did not start within 90 s:\n${output}`);
      }),
    ]).finally(() => late.abort());
  };

  await Promise.all(Array.from({ length: count }, (_, slot) => start(slot)));
  return {
    exits,
    async stop() {
      stopping = true;
      for (const child of children) child.kill('SIGTERM');
      // A worker that does not stop within 20 s is killed: the lab must not leave processes behind.
      const late = setTimeout(() => {
        for (const child of children) child.kill('SIGKILL');
      }, 20_000);
      return Promise.all(ended).finally(() => clearTimeout(late));
    },
  };
}
