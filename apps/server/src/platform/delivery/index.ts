import type { Config } from '../../config.ts';
import type { EmailSender, SmsSender } from './ports.ts';
import { createSmtpEmailSender } from './smtp-email-sender.ts';
import { createTwilioSmsSender } from './twilio-sms-sender.ts';

export { retryDelayMs } from './backoff.ts';
export { type DeliveryDeps, type DeliveryResult, deliverPending, LEASE_MS } from './deliver-pending.ts';
export { type EmailSender, type OutboxMessage, SendError, type SmsSender } from './ports.ts';
export { createSmtpEmailSender } from './smtp-email-sender.ts';
export { createTwilioSmsSender } from './twilio-sms-sender.ts';

/** The channels this configuration can deliver; an unconfigured channel stays in the outbox. */
export function createSenders(config: Config): {
  email: EmailSender | undefined;
  sms: SmsSender | undefined;
} {
  return {
    email: config.smtpUrl
      ? createSmtpEmailSender({ smtpUrl: config.smtpUrl, from: config.mailFrom })
      : undefined,
    sms: config.twilio ? createTwilioSmsSender(config.twilio) : undefined,
  };
}
