export { RENEWAL_REMINDER_DAYS, sendDueNotices } from './lifecycle-notices.ts';
export { type MoneyMessages, moneyEventMessages, notificationTypeOf } from './money-event-messages.ts';
export type { NoticeData } from './notice-messages.ts';
export { type NotificationWorker, startNotificationWorker } from './notifications.worker.ts';
export { type NotifyOutcome, notifyMoneyEvent } from './notify-money-event.ts';
export {
  getNotificationPreferences,
  preferencesFromRow,
  saveNotificationPreferences,
} from './preferences.repo.ts';
export { type NotificationDeps, type ProcessResult, processMoneyEvents } from './process-money-events.ts';
export { sendSecurityNotice } from './security-notices.ts';
export { type Notice, sendCustomerNotice } from './send-notice.ts';
