import {
  type Language,
  notificationTypes,
  type PushDevice,
  type PushSettings,
  type PushSubscriptionRequest,
  pushMessages,
} from '@pria/contracts';
import { customerEmails } from '@pria/contracts/i18n/customer-emails';
import { translator } from '@pria/contracts/i18n/format';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { deviceWords } from '../../platform/device-words.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { accountLanguage } from '../../platform/language.ts';
import { enqueuePush } from '../../platform/outbox.ts';
import { pushDeviceKeysProblem } from '../../platform/push-device-keys.ts';
import { isAllowedPushEndpoint } from '../../platform/web-push-keys.ts';
import { currentCustomer } from '../customers/index.ts';
import {
  countPushDevices,
  getNotificationPreferences,
  listPushDevices,
  type PushDeviceView,
  removePushDevice,
  savePushDevice,
  savePushPreferences,
} from '../notifications/index.ts';
import { logAccountEvent } from './account.repo.ts';

export interface PushOptions {
  db: Db;
  principal: Principal;
  /** The VAPID public key browsers subscribe with; undefined: push is off on this server. */
  publicKey: string | undefined;
  allowedHosts: string[];
  allowLoopback: boolean;
}

/** The caller's language (callerLanguage), which the devices are named in. */
type InLanguage = { language: Language };

/**
 * A device as its owner reads it: named from its User-Agent in their language, by the rule that
 * names Account → Security's devices (device-words.ts); one from before the User-Agent was kept
 * shows the English name it was given.
 */
const view = (d: PushDeviceView, language: Language): PushDevice => ({
  id: d.id,
  device: d.userAgent === null ? d.device : deviceWords(d.userAgent, language),
  createdAt: d.createdAt.toISOString(),
  lastSentAt: d.lastSentAt?.toISOString() ?? null,
});

export async function getPushSettings({
  db,
  principal,
  publicKey,
  language,
}: PushOptions & InLanguage): Promise<PushSettings> {
  const customer = await currentCustomer(db, principal);
  return {
    publicKey: publicKey ?? null,
    devices: (await listPushDevices(db, customer.id)).map((d) => view(d, language)),
  };
}

/**
 * Turns push on for the caller's device. The first device a customer turns on also chooses every
 * kind of message for push (they just asked for notifications; an empty push column would send
 * nothing); later devices keep the choices as they are.
 */
export async function subscribePushDevice(
  o: PushOptions & InLanguage & { input: PushSubscriptionRequest; userAgent: string | undefined },
): Promise<PushDevice> {
  if (!o.publicKey) throw invalid(pushMessages.pushUnavailable);
  if (!isAllowedPushEndpoint(o.input.endpoint, o)) throw invalid(pushMessages.pushServiceRefused);
  const keysProblem = pushDeviceKeysProblem(o.input.keys);
  if (keysProblem) throw invalid(keysProblem);
  const customer = await currentCustomer(o.db, o.principal);
  const userAgent = o.userAgent?.slice(0, 512) || null;
  return o.db.transaction().execute(async (tx) => {
    const first = (await countPushDevices(tx, customer.id)) === 0;
    const device = await savePushDevice(tx, {
      customerId: customer.id,
      endpoint: o.input.endpoint,
      p256dh: o.input.keys.p256dh.replace(/=+$/, ''),
      auth: o.input.keys.auth.replace(/=+$/, ''),
      device: deviceWords(userAgent, 'en'),
      userAgent,
    });
    if (first && (await getNotificationPreferences(tx, customer.id)).forPush.length === 0) {
      await savePushPreferences(tx, customer.id, [...notificationTypes]);
    }
    await logAccountEvent(tx, customer.id, `push turned on: ${device.device}`);
    return view(device, o.language);
  });
}

export async function removeOwnPushDevice(o: PushOptions & { id: string }): Promise<void> {
  const customer = await currentCustomer(o.db, o.principal);
  if (!(await removePushDevice(o.db, customer.id, o.id))) throw notFound();
  await logAccountEvent(o.db, customer.id, 'push device removed');
}

/** "Send a test notification": one push to that device, through the outbox like any other. */
export async function sendTestPush(o: PushOptions & { id: string; now: Date }): Promise<void> {
  const customer = await currentCustomer(o.db, o.principal);
  const devices = await listPushDevices(o.db, customer.id);
  if (!devices.some((d) => d.id === o.id)) throw notFound();
  const account = { issuer: customer.issuer, subject: customer.subject };
  const t = translator(customerEmails, await accountLanguage(o.db, account));
  await enqueuePush(o.db, {
    subscriptionId: o.id,
    payload: {
      title: t('testPush.title'),
      body: t('testPush.body'),
      url: '/dashboard/account/notifications',
      tag: `test-${o.id}`,
    },
    dedupeKey: `push-test:${o.id}:${o.now.getTime()}`,
    account,
  });
}
