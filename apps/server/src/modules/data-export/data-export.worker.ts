import type { Logger } from '../../platform/logger.ts';
import { type DataExportDeps, prepareDueDataExports } from './prepare-data-export.ts';

export interface DataExportWorker {
  stop(): Promise<void>;
}

/**
 * The worker process's loop for data requests: every `intervalMs`, prepare what is due. The
 * request rows are the queue (as the outbox is for messages): a worker that dies mid-way leaves a
 * lease that runs out, and another worker takes the request over; nothing is lost with a process.
 */
export function startDataExportWorker(
  deps: DataExportDeps & { intervalMs: number; logger: Logger },
): DataExportWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = prepareDueDataExports(deps)
        .then(() => undefined)
        .catch((err: unknown) => deps.logger.error({ err }, 'data export pass failed'))
        .finally(schedule);
    }, deps.intervalMs);
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
