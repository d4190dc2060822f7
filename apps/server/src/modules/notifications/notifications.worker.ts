import { type DeliveryDeps, deliverPending } from '../../platform/delivery/index.ts';
import type { Logger } from '../../platform/logger.ts';
import { type NotificationDeps, processMoneyEvents } from './process-money-events.ts';

const EVENT_BATCH = 100;
const DELIVERY_BATCH = 10;
/** Rounds per pass, so one pass ends even while work keeps arriving. */
const MAX_ROUNDS = 50;

export interface NotificationWorker {
  /** Stops polling and waits for the pass in progress to finish. */
  stop(): Promise<void>;
}

/**
 * The worker process's messaging loop: every `intervalMs`, notify new money events, then send
 * what is due in the outbox. A polling loop rather than pg-boss's one-minute cron because
 * sign-in and account-deletion codes go through the same outbox and must arrive in seconds.
 * Any number of worker processes may run it: events and messages are claimed with SKIP LOCKED.
 */
export function startNotificationWorker(deps: {
  notifications: NotificationDeps;
  delivery: DeliveryDeps;
  intervalMs: number;
  logger: Logger;
}): NotificationWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const pass = async () => {
    for (let i = 0; i < MAX_ROUNDS && !stopped; i++) {
      const r = await processMoneyEvents(deps.notifications, { limit: EVENT_BATCH });
      if (r.processed < EVENT_BATCH) break;
    }
    for (let i = 0; i < MAX_ROUNDS && !stopped; i++) {
      const r = await deliverPending(deps.delivery, { limit: DELIVERY_BATCH });
      if (r.sent + r.retrying + r.failed < DELIVERY_BATCH) break;
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = pass()
        .catch((err: unknown) => deps.logger.error({ err }, 'notification pass failed'))
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
