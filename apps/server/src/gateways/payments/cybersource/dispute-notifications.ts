import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Cents } from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import { access } from '../../../platform/http.ts';
import type { DisputeEvent } from '../port.ts';

/**
 * CyberSource's webhook notifications for chargebacks (issue 16). Each carries a
 * `v-c-signature: t=<ms>;keyId=<id>;sig=<base64>` header: an HMAC-SHA256, keyed with the
 * base64-decoded digital signature key, of `<t>.<raw body>`. A notification whose key id, age
 * (5 minutes either way) or signature does not match is refused with 401 and changes nothing.
 * NOTE: the chargeback payload's field names are the shape we assume (README.md, "Open points"):
 * confirm them against the sandbox before relying on them in production.
 */
export interface NotificationKey {
  keyId: string;
  /** base64, as CyberSource's key management returns it. */
  key: string;
}

const MAX_AGE_MS = 5 * 60_000;

export function signNotification(key: NotificationKey, body: string, t: number): string {
  const sig = createHmac('sha256', Buffer.from(key.key, 'base64')).update(`${t}.${body}`).digest('base64');
  return `t=${t};keyId=${key.keyId};sig=${sig}`;
}

/** Null when the header proves the body came from CyberSource; otherwise why not. */
export function verifyNotification(
  key: NotificationKey,
  header: string | undefined,
  body: string,
  now: number,
): string | null {
  if (!header) return 'no signature';
  const parts = Object.fromEntries(
    header.split(';').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isFinite(t) || Math.abs(now - t) > MAX_AGE_MS) return 'stale or missing timestamp';
  if (parts.keyId !== key.keyId) return 'unknown key id';
  const expected = Buffer.from(signNotification(key, body, t).split('sig=')[1] ?? '');
  const given = Buffer.from(String(parts.sig ?? ''));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad signature';
  return null;
}

const statuses: Record<string, DisputeEvent['status']> = { OPEN: 'open', WON: 'won', LOST: 'lost' };

/** A chargeback notification's dispute event, or null for events that are not chargebacks. */
// biome-ignore lint/suspicious/noExplicitAny: processor JSON
export function disputeEventOf(body: any): DisputeEvent | null {
  if (!String(body?.eventType ?? '').startsWith('payments.chargebacks.')) return null;
  const d = body?.payload?.data ?? {};
  const status = statuses[String(d.status ?? '').toUpperCase()];
  const reference = d.clientReferenceInformation?.code;
  const amount = Math.round(Number(d.amount) * 100);
  if (!status || !reference || !d.chargebackId || !Number.isSafeInteger(amount) || amount <= 0) return null;
  return {
    disputeId: `cs:${d.chargebackId}`,
    chargeReference: String(reference),
    amountCents: amount as Cents,
    status,
    reason: d.reasonDescription ? String(d.reasonDescription) : null,
    at: d.eventDate && !Number.isNaN(Date.parse(d.eventDate)) ? new Date(d.eventDate) : new Date(),
  };
}

/**
 * POST /gateway/cybersource/notifications: verified, then handed to the money engine
 * (`onDispute`, wired at the composition root). Answers 200 for anything verified (CyberSource
 * retries otherwise), including events that are not chargebacks.
 */
export async function registerNotificationRoute(
  app: FastifyInstance,
  r: { key: NotificationKey; onDispute: (e: DisputeEvent) => Promise<unknown>; now?: () => number },
) {
  await app.register(async (scope) => {
    // The signature covers the raw body: keep it as received.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      '/gateway/cybersource/notifications',
      {
        config: { ...access.public, rateLimit: { max: 600, timeWindow: '1 minute', key: 'ip' } },
        schema: { hide: true },
      },
      async (req, reply) => {
        const raw = typeof req.body === 'string' ? req.body : '';
        const why = verifyNotification(
          r.key,
          req.headers['v-c-signature'] as string | undefined,
          raw,
          (r.now ?? Date.now)(),
        );
        if (why) {
          req.log.warn({ why }, 'refused a CyberSource notification');
          return reply.code(401).send({ message: 'Invalid signature' });
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          return reply.code(400).send({ message: 'Invalid JSON' });
        }
        const event = disputeEventOf(parsed);
        if (event) await r.onDispute(event);
        return reply.code(200).send({ received: true });
      },
    );
  });
}
