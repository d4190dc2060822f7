import { translator } from '@pria/contracts/i18n/format';
import { idpPages } from '@pria/contracts/i18n/idp-pages';
import { mfaPages } from '@pria/contracts/i18n/mfa-pages';
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
import { languageOf } from './page-language.ts';
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

  /** The reader's language (cookie, else Accept-Language: these pages have no customer session). */
  const wordsFor = (reply: FastifyReply) => {
    const lang = languageOf(reply.request);
    return { t: translator(mfaPages, lang), page: { lang } };
  };

  const expired = (
    reply: FastifyReply,
    message: 'enrol.expired' | 'enrol.tooManyWrong' = 'enrol.expired',
  ) => {
    const { t, page } = wordsFor(reply);
    const idp = translator(idpPages, page.lang);
    return sendPage(
      reply,
      messagePage({
        title: idp('linkExpired.title'),
        message: t(message),
        linkHref: securityPage,
        linkText: idp('verify.accountLink'),
        homeUrl: home,
        isError: true,
        page,
      }),
      400,
    );
  };

  async function choosePage(
    reply: FastifyReply,
    ticket: string,
    userId: string,
    error: 'choose.pick' | 'choose.noPhone' | 'choose.tooManySends' | null,
    status = 200,
  ) {
    const dest = await destinations(db, config, userId);
    if (!dest) return expired(reply);
    const { t, page } = wordsFor(reply);
    return sendPage(
      reply,
      enrolChoosePage({
        action,
        ticket,
        emailMasked: dest.emailMasked,
        phoneMasked: dest.phoneMasked,
        error: error && t(error),
        homeUrl: home,
        page,
      }),
      status,
    );
  }

  async function authenticatorPage(
    reply: FastifyReply,
    ticket: string,
    uri: string,
    secret: string,
    error: 'wrongCode' | null,
    status = 200,
  ) {
    const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    const { t, page } = wordsFor(reply);
    return sendPage(
      reply,
      enrolAuthenticatorPage({
        action: confirmAction,
        ticket,
        qrSvg,
        secret,
        uri,
        error: error && t(error),
        homeUrl: home,
        page,
      }),
      status,
    );
  }

  const codeSentPage = (
    reply: FastifyReply,
    ticket: string,
    method: MfaMethod,
    to: string,
    error: 'wrongCode' | null,
    status = 200,
  ) => {
    const { t, page } = wordsFor(reply);
    return sendPage(
      reply,
      codePage({
        action: confirmAction,
        hidden: { ticket },
        title: t(method === 'sms' ? 'enrol.checkPhone' : 'enrol.checkEmail'),
        sub: t('enrol.sent', { to }),
        button: t('enrol.turnOn'),
        error: error && t(error),
        homeUrl: home,
        page,
      }),
      status,
    );
  };

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
    if (!mfaMethods.includes(method)) return choosePage(reply, ticket, row.user_id, 'choose.pick', 400);
    const chosen = await chooseEnrolmentMethod(db, config, row, method, mfaKey);
    if (chosen.kind === 'no-phone') {
      return choosePage(reply, ticket, row.user_id, 'choose.noPhone', 400);
    }
    if (chosen.kind === 'too-many-sends') {
      return choosePage(reply, ticket, row.user_id, 'choose.tooManySends', 429);
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
        recoveryCodesPage({
          codes: result.recoveryCodes,
          linkHref: securityPage,
          homeUrl: home,
          page: wordsFor(reply).page,
        }),
      );
    }
    if (result.reason === 'too-many') {
      return expired(reply, 'enrol.tooManyWrong');
    }
    const error = 'wrongCode';
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
