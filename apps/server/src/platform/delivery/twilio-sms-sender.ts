import { type OutboxMessage, SendError, type SmsSender } from './ports.ts';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  /** https://api.twilio.com, or a Twilio-compatible provider / local stand-in. */
  baseUrl: string;
}

const TIMEOUT_MS = 20_000;

/**
 * SMS through Twilio's Messages API (or any provider speaking it): a form-encoded POST with
 * basic auth. 201 means accepted. A 4xx other than 401/403/429 is the message itself being
 * refused (e.g. an invalid number) and is permanent; auth errors, throttling, 5xx and network
 * errors are retried, so fixing credentials loses nothing.
 */
export function createTwilioSmsSender(settings: TwilioSettings): SmsSender {
  const url = `${settings.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    async send(message: OutboxMessage) {
      const body = new URLSearchParams({ To: message.recipient, From: settings.from, Body: message.text });
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: auth,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (err) {
        throw new SendError(`SMS: ${(err as Error).message}`, { permanent: false, cause: err });
      }
      if (res.ok) return;
      const detail = await res.text().catch(() => '');
      const permanent = res.status >= 400 && res.status < 500 && ![401, 403, 408, 429].includes(res.status);
      throw new SendError(`SMS: HTTP ${res.status} ${detail}`.slice(0, 500), { permanent });
    },
  };
}
