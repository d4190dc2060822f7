import type { Config } from '../../config.ts';
import type { VapidKeys } from '../web-push-keys.ts';
import type { EmailSender, SmsSender } from './ports.ts';
import { createSmtpEmailSender } from './smtp-email-sender.ts';
import { createTwilioSmsSender } from './twilio-sms-sender.ts';
import { createWebPushSender, type PushSender } from './web-push-sender.ts';

export { type DeliveryDeps, deliverPending } from './deliver-pending.ts';
export type { EmailSender, SmsSender } from './ports.ts';

export {
  createWebPushSender,
  type PushSender,
} from './web-push-sender.ts';

/** The channels this configuration can deliver; an unconfigured channel stays in the outbox. */
export function createSenders(
  config: Config,
  vapid?: VapidKeys,
): {
  email: EmailSender | undefined;
  sms: SmsSender | undefined;
  push: PushSender | undefined;
} {
  return {
    email: config.smtpUrl
      ? createSmtpEmailSender({ smtpUrl: config.smtpUrl, from: config.mailFrom })
      : undefined,
    sms: config.twilio ? createTwilioSmsSender(config.twilio) : undefined,
    // Push needs no account anywhere, only our key: with keys it is always delivered.
    push: vapid ? createWebPushSender({ vapid, subject: config.webPush.subject }) : undefined,
  };
}
