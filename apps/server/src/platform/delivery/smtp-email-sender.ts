import nodemailer from 'nodemailer';
import { type EmailSender, type OutboxMessage, SendError } from './ports.ts';

/** Timeouts well inside the delivery lease (deliver-pending.ts), so a hung server never outlives it. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Email over SMTP (nodemailer). The Message-ID is derived from the outbox row, so if a message
 * is ever sent twice (see deliver-pending.ts) both copies carry the same Message-ID and mail
 * clients and support staff can tell they are one message.
 */
export function createSmtpEmailSender(opts: { smtpUrl: string; from: string }): EmailSender {
  const transport = nodemailer.createTransport({ url: opts.smtpUrl, ...TIMEOUTS });
  const domain = senderDomain(opts.from);
  return {
    async send(message: OutboxMessage) {
      try {
        await transport.sendMail({
          from: opts.from,
          to: message.recipient,
          subject: message.subject ?? 'Pria',
          text: message.text,
          html: message.html ?? undefined,
          messageId: outboxMessageId(message.id, domain),
        });
      } catch (err) {
        throw toSendError(err);
      }
    },
  };
}

export function outboxMessageId(id: number, domain: string): string {
  return `<outbox-${id}@${domain}>`;
}

/** The domain of MAIL_FROM ('Pria <no-reply@pria.example>' -> 'pria.example'). */
export function senderDomain(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'pria.invalid';
}

/** A 5xx reply (mailbox unknown, address refused) is permanent; anything else may pass later. */
function toSendError(err: unknown): SendError {
  const e = err as { message?: string; code?: string; responseCode?: number };
  const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
  const detail = [e.code, e.responseCode, e.message].filter(Boolean).join(' ');
  return new SendError(`SMTP: ${detail || String(err)}`.slice(0, 500), { permanent, cause: err });
}
