import type { FastifyInstance, FastifyReply } from 'fastify';
import QRCode from 'qrcode';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db.ts';
import { access } from '../platform/http.ts';
import type { Logger } from '../platform/logger.ts';
import type { SecurityNotifier } from '../platform/security-notices.ts';
import {
  chooseEnrolmentMethod,
  confirmEnrolment,
  destinations,
  findOpenTicket,
  type MfaMethod,
  mfaMethods,
  TOTP_ISSUER,
} from './mfa.ts';
import { codePage, enrolAuthenticatorPage, enrolChoosePage, recoveryCodesPage } from './mfa-pages.ts';
import { openSecret } from './mfa-secrets.ts';
import { formField, messagePage, sendPage } from './pages.ts';
import { base32Encode, otpauthUri } from './totp.ts';
import { findUserById } from './users.ts';

/**
 * The enrolment link the API hands out: /oidc/mfa/enroll?ticket=... (the ticket is the only
 * credential, so every form carries it back; it dies on success, after 5 wrong codes or 10 min).
 */
export function registerMfaEnrolmentRoutes(
  app: FastifyInstance,
  deps: { config: Config; db: Db; logger: Logger; notifySecurity?: SecurityNotifier; mfaKey: Buffer },
) {
  const { config, db, logger, notifySecurity, mfaKey } = deps;
  const home = config.publicUrl;
  const action = '/oidc/mfa/enroll';
  const confirmAction = '/oidc/mfa/enroll/confirm';
  const securityPage = `${home}/dashboard/account/security`;

  const expired = (reply: FastifyReply, message?: string) =>
    sendPage(
      reply,
      messagePage({
        title: 'Link expired',
        message:
          message ??
          'This link is invalid, expired or was already used. Turn on two-factor authentication again from your account settings.',
        linkHref: securityPage,
        linkText: 'Go to my account',
        homeUrl: home,
        isError: true,
      }),
      400,
    );

  async function choosePage(
    reply: FastifyReply,
    ticket: string,
    userId: string,
    error: string | null,
    status = 200,
  ) {
    const dest = await destinations(db, config, userId);
    if (!dest) return expired(reply);
    return sendPage(
      reply,
      enrolChoosePage({
        action,
        ticket,
        emailMasked: dest.emailMasked,
        phoneMasked: dest.phoneMasked,
        error,
        homeUrl: home,
      }),
      status,
    );
  }

  async function authenticatorPage(
    reply: FastifyReply,
    ticket: string,
    uri: string,
    secret: string,
    error: string | null,
    status = 200,
  ) {
    const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return sendPage(
      reply,
      enrolAuthenticatorPage({ action: confirmAction, ticket, qrSvg, secret, uri, error, homeUrl: home }),
      status,
    );
  }

  const codeSentPage = (
    reply: FastifyReply,
    ticket: string,
    method: MfaMethod,
    to: string,
    error: string | null,
    status = 200,
  ) =>
    sendPage(
      reply,
      codePage({
        action: confirmAction,
        hidden: { ticket },
        title: method === 'sms' ? 'Check your phone' : 'Check your email',
        sub: `We sent a 6-digit code to ${to}. Enter it to turn on two-factor authentication.`,
        button: 'Turn on two-factor authentication',
        error,
        homeUrl: home,
      }),
      status,
    );

  app.get<{ Querystring: { ticket?: string } }>(
    action,
    { config: access.public, schema: { hide: true } },
    async (req, reply) => {
      const ticket = String(req.query.ticket ?? '');
      const row = await findOpenTicket(db, ticket);
      if (!row) return expired(reply);
      return choosePage(reply, ticket, row.user_id, null);
    },
  );

  app.post(action, { config: access.public, schema: { hide: true } }, async (req, reply) => {
    const ticket = formField(req.body, 'ticket');
    const row = await findOpenTicket(db, ticket);
    if (!row) return expired(reply);
    const method = formField(req.body, 'method') as MfaMethod;
    if (!mfaMethods.includes(method))
      return choosePage(reply, ticket, row.user_id, 'Choose one of the options.', 400);
    const chosen = await chooseEnrolmentMethod(db, config, row, method, mfaKey);
    if (chosen.kind === 'no-phone') {
      return choosePage(
        reply,
        ticket,
        row.user_id,
        'Add a phone number to your profile first, or choose another option.',
        400,
      );
    }
    if (chosen.kind === 'too-many-sends') {
      return choosePage(
        reply,
        ticket,
        row.user_id,
        'Too many codes were sent. Choose another option or try again later.',
        429,
      );
    }
    if (chosen.kind === 'authenticator')
      return authenticatorPage(reply, ticket, chosen.uri, chosen.secret, null);
    return codeSentPage(reply, ticket, method, chosen.to, null);
  });

  app.post(confirmAction, { config: access.public, schema: { hide: true } }, async (req, reply) => {
    const ticket = formField(req.body, 'ticket');
    const row = await findOpenTicket(db, ticket);
    if (!row?.method) return expired(reply);
    const result = await confirmEnrolment(
      db,
      mfaKey,
      row.id,
      formField(req.body, 'code').slice(0, 20),
      notifySecurity,
    );
    if (result.ok) {
      logger.info({ userId: row.user_id, method: result.method }, 'mfa enrolled');
      return sendPage(
        reply,
        recoveryCodesPage({ codes: result.recoveryCodes, linkHref: securityPage, homeUrl: home }),
      );
    }
    if (result.reason === 'too-many') {
      return expired(
        reply,
        'Too many wrong codes. Turn on two-factor authentication again from your account settings.',
      );
    }
    const error = 'That code is not right. Please try again.';
    if (row.method === 'authenticator' && row.pending_secret) {
      const user = await findUserById(db, row.user_id);
      const secret = openSecret(mfaKey, row.pending_secret);
      const uri = otpauthUri({ secret, account: user?.email ?? '', issuer: TOTP_ISSUER });
      return authenticatorPage(reply, ticket, uri, base32Encode(secret), error, 400);
    }
    const dest = await destinations(db, config, row.user_id);
    const to = (row.method === 'sms' ? dest?.phoneMasked : dest?.emailMasked) ?? '';
    return codeSentPage(reply, ticket, row.method, to, error, 400);
  });
}
