export { RENEWAL_REMINDER_DAYS, sendDueNotices } from './lifecycle-notices.ts';
export { type MoneyMessages, moneyEventMessages, notificationTypeOf } from './money-event-messages.ts';
export type { NoticeData } from './notice-messages.ts';
export { type NotificationWorker, startNotificationWorker } from './notifications.worker.ts';
export { type NotifyOutcome, notifyMoneyEvent } from './notify-money-event.ts';
export {
  getNotificationPreferences,
  preferencesFromRow,
  saveNotificationPreferences,
  savePushPreferences,
} from './preferences.repo.ts';
export { type NotificationDeps, type ProcessResult, processMoneyEvents } from './process-money-events.ts';
export {
  countPushDevices,
  listPushDevices,
  MAX_PUSH_DEVICES,
  type PushDeviceView,
  removeAllPushDevices,
  removePushDevice,
  savePushDevice,
} from './push-devices.repo.ts';
export { pushFromSms, pushToDevices } from './push-to-devices.ts';
export { sendSecurityNotice } from './security-notices.ts';
export { type Notice, sendCustomerNotice } from './send-notice.ts';
