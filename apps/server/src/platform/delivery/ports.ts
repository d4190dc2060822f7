/** A message as the deliverer hands it to a channel (one row of message_outbox). */
export interface OutboxMessage {
  id: number;
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
}

/** Sends one email; resolves once the mail server has accepted it, throws otherwise. */
export interface EmailSender {
  send(message: OutboxMessage): Promise<void>;
}

/** Sends one SMS; resolves once the provider has accepted it, throws otherwise. */
export interface SmsSender {
  send(message: OutboxMessage): Promise<void>;
}

/**
 * A send that failed. `permanent` means trying again cannot help (the server refused the
 * address, the provider rejected the number): the row is marked failed at once instead of
 * being retried for hours.
 */
export class SendError extends Error {
  readonly permanent: boolean;

  constructor(message: string, opts: { permanent: boolean; cause?: unknown }) {
    super(message, { cause: opts.cause });
    this.name = 'SendError';
    this.permanent = opts.permanent;
  }
}
