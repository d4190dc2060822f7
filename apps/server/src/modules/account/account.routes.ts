import {
  accountSessionParams,
  accountSessions,
  changePasswordRequest,
  deleteAccountQuery,
  deletionCodeSent,
  deviceMessages,
  messages,
  mfaEnrolmentLink,
  mfaStatusRecord,
  mfaToggleQuery,
  notificationPreferences,
  notificationPreferencesView,
  recoveryCodesIssued,
  recoveryCodesLeft,
  sessionStatus,
} from '@pria/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { systemClock } from '../../platform/clock.ts';
import { clientOf } from '../../platform/consents.ts';
import { access, principalOf, send } from '../../platform/http.ts';
import { callerLanguage, varyByLanguage } from '../../platform/language.ts';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import type { TimeWindow } from '../../platform/rate-limits.ts';
import { RECENT_SIGN_IN_SECONDS, ReauthenticationRequired } from '../../platform/recent-sign-in.ts';
import { respond, respondMessage } from '../../platform/responses.ts';
import { changePassword } from './change-password.ts';
import { deleteAccount } from './delete-account.ts';
import { identityAdminOf } from './identity.ts';
import { listOwnSessions } from './list-sessions.ts';
import {
  countRecoveryCodes,
  getMfaStatus,
  renewRecoveryCodes,
  startMfaEnrolment,
  turnOffMfa,
} from './mfa-settings.ts';
import { getOwnNotificationPreferences, updateNotificationPreferences } from './notification-preferences.ts';
import { pushRoutes } from './push.routes.ts';
import { requestAccountDeletion } from './request-account-deletion.ts';
import { signOutDevice } from './sign-out-device.ts';
import { signOutEverywhere } from './sign-out-everywhere.ts';
import { resendVerificationEmail } from './verify-email.ts';

/** The caller's own account: counted per account, from whatever address (ADR 53). */
const limit = (max: number, timeWindow: TimeWindow) => ({
  rateLimit: { max, timeWindow, key: 'account' as const },
});
/** Which request made a change (for the audit row of a staff member's own security change). */
const requestRef = (req: FastifyRequest) => ({ requestId: String(req.id), clientIp: req.ip ?? null });

/** The caller's own account security and settings (MFA, password, email, notifications, deletion). */
export async function accountRoutes(app: FastifyInstance, deps: ModuleDeps) {
  // Its own scope, so the onError hook below stays with these routes.
  await app.register(async (scope) => routes(scope, deps));
  await app.register(async (scope) => pushRoutes(scope, deps));
}

async function routes(app: FastifyInstance, deps: ModuleDeps) {
  const { db, logger } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = () => identityAdminOf(deps.identityAdmin);

  // RFC 9470: tells OAuth-aware clients which sign-in the change needs.
  app.addHook('onError', async (_req, reply, err) => {
    if (err instanceof ReauthenticationRequired) {
      reply.header(
        'www-authenticate',
        `Bearer error="insufficient_user_authentication", max_age=${RECENT_SIGN_IN_SECONDS}`,
      );
    }
  });

  api.get(
    '/mfa',
    {
      config: access.user,
      schema: {
        tags: ['account'],
        summary: "The caller's MFA status: [{ status: 'confirmed', type }] or []",
        response: respond(z.array(mfaStatusRecord)),
      },
    },
    async (req, reply) =>
      send(
        reply,
        await getMfaStatus({
          db,
          publicUrl: deps.config.publicUrl,
          identityAdmin: admin(),
          principal: principalOf(req),
        }),
      ),
  );

  api.post(
    '/mfa',
    {
      config: { ...access.user, ...limit(10, '1 minute') },
      schema: {
        tags: ['account'],
        summary:
          'status=true: an MFA enrolment link ({ url }, single use, 10 minutes); status=false: turn MFA off',
        description:
          'Both need a sign-in within the last 10 minutes, otherwise 401 with code REAUTHENTICATE. data: { url } when turning on, null when turning off. Turning off ends every session and token from before and notifies the customer; turning off MFA that is already off changes nothing (200, no session ends).',
        querystring: mfaToggleQuery,
        response: respond(z.union([mfaEnrolmentLink, z.null()])),
      },
    },
    async (req, reply) => {
      const opts = {
        db,
        publicUrl: deps.config.publicUrl,
        identityAdmin: admin(),
        principal: principalOf(req),
        request: requestRef(req),
      };
      if (req.query.status === 'true') return send(reply, await startMfaEnrolment(opts), messages.mfaEnabled);
      await turnOffMfa(opts);
      return send(reply, null, messages.mfaDisabled);
    },
  );

  api.get(
    '/mfa/recovery-codes',
    {
      config: access.user,
      schema: {
        tags: ['account'],
        summary: 'How many two-factor recovery codes are left',
        response: respond(recoveryCodesLeft),
      },
    },
    async (req, reply) =>
      send(
        reply,
        await countRecoveryCodes({
          db,
          publicUrl: deps.config.publicUrl,
          identityAdmin: admin(),
          principal: principalOf(req),
        }),
      ),
  );

  api.post(
    '/mfa/recovery-codes',
    {
      config: { ...access.user, ...limit(5, '1 minute') },
      schema: {
        tags: ['account'],
        summary: 'New two-factor recovery codes ({ codes }, shown once), replacing the old ones',
        description:
          'Needs two-factor authentication on and a sign-in within the last 10 minutes (401 REAUTHENTICATE).',
        response: respond(recoveryCodesIssued),
      },
    },
    async (req, reply) =>
      send(
        reply,
        await renewRecoveryCodes({
          db,
          publicUrl: deps.config.publicUrl,
          identityAdmin: admin(),
          principal: principalOf(req),
        }),
        'New recovery codes created',
      ),
  );

  api.get(
    '/account/session',
    {
      config: access.user,
      schema: {
        tags: ['account'],
        summary:
          "Whether the caller's session still stands (an open tab asks every minute and when it is looked at again)",
        description:
          'Answers 200 while the token is valid; 401 once the session ended elsewhere (sign out everywhere, a password or MFA change, a disabled account), so the web app sends the person to sign in at once instead of at its next call.',
        response: respond(sessionStatus),
      },
    },
    // The check is the access rule itself (the token and its "valid after" instant): nothing to read.
    async (_req, reply) => send(reply, { signedIn: true as const }),
  );

  api.put(
    '/customers/change-password',
    {
      config: { ...access.user, ...limit(10, '1 minute') },
      schema: {
        tags: ['account'],
        summary: "Change the caller's password, then sign them out everywhere",
        description:
          'The password is sent in plain text over TLS (ADR 0006). With currentPassword (checked like a sign-in: 400 when wrong, 429 once the account is locked) no recent sign-in is needed; without it, a sign-in within the last 10 minutes, otherwise 401 with code REAUTHENTICATE (ADR 0038). Refused (403) for social logins.',
        body: changePasswordRequest,
        response: respondMessage({ errors: [403] }),
      },
    },
    async (req, reply) => {
      await changePassword({
        db,
        publicUrl: deps.config.publicUrl,
        logger,
        identityAdmin: admin(),
        principal: principalOf(req),
        input: req.body,
        request: requestRef(req),
        client: clientOf(req),
      });
      return send(reply, null, messages.passwordChanged);
    },
  );

  api.post(
    '/account/sign-out-everywhere',
    {
      config: { ...access.user, ...limit(10, '1 minute') },
      schema: {
        tags: ['account'],
        summary:
          'End every session of the caller: sessions, refresh tokens and the access tokens already issued (this one too)',
        response: respondMessage(),
      },
    },
    async (req, reply) => {
      await signOutEverywhere({
        db,
        identityAdmin: admin(),
        principal: principalOf(req),
        request: requestRef(req),
      });
      return send(reply, null, messages.signedOutEverywhere);
    },
  );

  api.get(
    '/account/sessions',
    {
      config: access.user,
      schema: {
        tags: ['account'],
        summary: "The caller's signed-in devices and latest sign-ins (Account → Security)",
        description:
          "Each device is one sign-in session: its browser and system in words, the network it signed in from (no place is looked up), when, and whether it is the device of this request (current). Only the caller's own. The words are in the caller's language (the account's choice, else the pria_lang cookie, else Accept-Language, else English); browser and system names stay as they are named.",
        response: respond(accountSessions),
      },
    },
    async (req, reply) => {
      const principal = principalOf(req);
      const language = await callerLanguage(db, principal, req.headers);
      return send(
        varyByLanguage(reply),
        await listOwnSessions({ identityAdmin: admin(), principal, language }),
      );
    },
  );

  api.delete(
    '/account/sessions/:id',
    {
      config: { ...access.user, ...limit(20, '1 minute') },
      schema: {
        tags: ['account'],
        summary: 'Sign one of your devices out: its session, refresh tokens and access tokens end',
        description:
          'The device must sign in again (its next call answers 401, its next refresh fails). Audited, and the customer is emailed a security notice. 404 when the id is not one of your signed-in devices.',
        params: accountSessionParams,
        response: respondMessage({ errors: [404] }),
      },
    },
    async (req, reply) => {
      await signOutDevice({
        db,
        identityAdmin: admin(),
        principal: principalOf(req),
        sessionId: req.params.id,
        issuer: deps.config.oidc.issuer,
        publicUrl: deps.config.publicUrl,
        request: requestRef(req),
      });
      return send(reply, null, deviceMessages.signedOut);
    },
  );

  // The spec's client calls these with a trailing slash; both spellings work, one is documented.
  for (const [path, hide] of [
    ['/customers/verify-email', false],
    ['/customers/verify-email/', true],
  ] as const) {
    api.post(
      path,
      {
        config: { ...access.user, ...limit(20, '1 hour') },
        schema: {
          tags: ['account'],
          summary: 'Send the email verification link again (only while unverified; 400 once verified)',
          hide,
          response: respondMessage(),
        },
      },
      async (req, reply) => {
        await resendVerificationEmail({ db, identityAdmin: admin(), principal: principalOf(req) });
        return send(reply, null, messages.verificationEmailSent);
      },
    );
  }

  api.get(
    '/customers/notification',
    {
      config: access.user,
      schema: {
        tags: ['account'],
        summary: "The caller's notification preferences { forEmail, forSms, forPush }",
        response: respond(notificationPreferencesView),
      },
    },
    async (req, reply) => send(reply, await getOwnNotificationPreferences(db, principalOf(req))),
  );

  api.post(
    '/customers/notification',
    {
      config: access.user,
      schema: {
        tags: ['account'],
        summary: 'Save notification preferences: lists of payin | payout | subscription per channel',
        description: 'forPush may be left out: the saved push choices then stay as they are.',
        body: notificationPreferences,
        response: respond(notificationPreferencesView),
      },
    },
    async (req, reply) =>
      send(
        reply,
        await updateNotificationPreferences(db, principalOf(req), req.body),
        messages.updatedSuccessfullyCaps,
      ),
  );

  for (const [path, hide] of [
    ['/customers', false],
    ['/customers/', true],
  ] as const) {
    api.delete(
      path,
      {
        config: { ...access.user, ...limit(30, '1 minute') },
        schema: {
          tags: ['account'],
          summary: 'Without code: send a 4-digit code (SMS, else email). With ?code=: delete the account',
          description:
            'Without code, data says where the code went ({ channel, to }, masked); with a right code the account is deleted (data null). 409 while Pria still owes the customer a pay-back. Codes: 10 minutes, single use, 5 wrong tries (400), at most 3 per hour (429).',
          querystring: deleteAccountQuery,
          hide,
          response: respond(z.union([deletionCodeSent, z.null()]), { errors: [403, 409] }),
        },
      },
      async (req, reply) => {
        const principal = principalOf(req);
        if (req.query.code === undefined) {
          return send(reply, await requestAccountDeletion({ db, principal }), messages.deletionCodeSent);
        }
        await deleteAccount({
          db,
          logger,
          identityAdmin: admin(),
          principal,
          code: req.query.code,
          supportEmail: deps.config.supportEmail,
          now: (deps.clock ?? systemClock).now(),
        });
        return send(reply, null, messages.accountDeleted);
      },
    );
  }
}
