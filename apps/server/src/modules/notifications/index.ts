export { sendDueNotices } from './lifecycle-notices.ts';

export { startNotificationWorker } from './notifications.worker.ts';

export {
  getNotificationPreferences,
  preferencesFromRow,
  saveNotificationPreferences,
  savePushPreferences,
} from './preferences.repo.ts';
export { type NotificationDeps, processMoneyEvents } from './process-money-events.ts';
export {
  countPushDevices,
  listPushDevices,
  type PushDeviceView,
  removeAllPushDevices,
  removePushDevice,
  savePushDevice,
} from './push-devices.repo.ts';

export { sendSecurityNotice } from './security-notices.ts';
export { sendCustomerNotice } from './send-notice.ts';
