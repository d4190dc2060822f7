import { passkeyMessages, passkeyName, passkeyView } from '@pria/contracts';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db.ts';
import { AppError, invalid, notFound } from '../platform/errors.ts';
import { access, principalOf, send } from '../platform/http.ts';
import type { Logger } from '../platform/logger.ts';
import { requireRecentSignIn } from '../platform/recent-sign-in.ts';
import { respond, respondMessage } from '../platform/responses.ts';
import type { SecurityNotifier } from '../platform/security-notices.ts';
import type { InteractionKit } from './interaction-mfa.ts';
import {
  authenticateWithPasskey,
  authenticationOptions,
  listPasskeys,
  PASSKEY_AMR,
  PasskeyError,
  registerPasskey,
  registrationOptions,
  relyingPartyOf,
  removePasskey,
  renamePasskey,
} from './passkeys.ts';
import { findUserById, recordEvent } from './users.ts';

/** A WebAuthn response as @simplewebauthn/browser sends it; the library checks the rest. */
const credentialResponse = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  })
  .passthrough();
const passkeyParams = z.object({ id: z.uuid({ error: passkeyMessages.notFound }) });
/** WebAuthn creation options (PublicKeyCredentialCreationOptionsJSON), for @simplewebauthn/browser. */
const creationOptions = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ name: z.string() }),
  user: z.looseObject({ id: z.string(), name: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.string() })),
});

/**
 * Passkeys (issue 18): the account API that adds, lists, renames and removes them (removal needs
 * a recent sign-in, as the password does) and the sign-in page's ceremony (JSON for its script;
 * the script files are served by assets.routes.ts).
 */
export function registerPasskeyRoutes(
  app: FastifyInstance,
  kit: InteractionKit,
  deps: { config: Config; db: Db; logger: Logger },
  notify: SecurityNotifier,
) {
  const { db, logger } = deps;
  const rp = relyingPartyOf(deps.config);
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function currentUser(subject: string) {
    const user = await findUserById(db, subject);
    if (!user) throw new AppError('FORBIDDEN', 'Passkeys are for accounts that sign in with Pria');
    return { id: user.id, email: user.email };
  }
  const asInvalid = (err: unknown) => {
    if (err instanceof PasskeyError) throw invalid(err.message);
    throw err;
  };

  api.get(
    '/api/v1/account/passkeys',
    {
      config: access.user,
      schema: {
        tags: ['account'],
        summary: 'Your passkeys: name, created and last used',
        response: respond(z.array(passkeyView), { errors: [403] }),
      },
    },
    async (req, reply) =>
      send(reply, await listPasskeys(db, (await currentUser(principalOf(req).subject)).id)),
  );

  api.post(
    '/api/v1/account/passkeys/options',
    {
      config: access.user,
      schema: {
        tags: ['account'],
        summary: 'Start adding a passkey: WebAuthn creation options (5 minutes)',
        description:
          'At most 10 passkeys (400). 403 for accounts that do not sign in with Pria (social logins).',
        response: respond(creationOptions, { errors: [403] }),
      },
    },
    async (req, reply) => {
      const user = await currentUser(principalOf(req).subject);
      return send(reply, await registrationOptions(db, rp, user).catch(asInvalid));
    },
  );

  api.post(
    '/api/v1/account/passkeys',
    {
      config: access.user,
      schema: {
        tags: ['account'],
        summary: 'Finish adding a passkey (the browser’s response); emailed as a security notice',
        body: z.object({ name: passkeyName, response: credentialResponse }),
        response: respond(passkeyView, { status: 201, errors: [403] }),
      },
    },
    async (req, reply) => {
      const user = await currentUser(principalOf(req).subject);
      const created = await registerPasskey(
        db,
        rp,
        user,
        {
          name: req.body.name,
          response: req.body.response as unknown as RegistrationResponseJSON,
        },
        notify,
      ).catch(asInvalid);
      logger.info({ userId: user.id, passkeyId: created?.id }, 'passkey added');
      return send(reply, created, 'Passkey added', 201);
    },
  );

  api.patch(
    '/api/v1/account/passkeys/:id',
    {
      config: access.user,
      schema: {
        tags: ['account'],
        summary: 'Rename a passkey',
        params: passkeyParams,
        body: z.object({ name: passkeyName }),
        response: respondMessage({ errors: [403, 404] }),
      },
    },
    async (req, reply) => {
      const user = await currentUser(principalOf(req).subject);
      if (!(await renamePasskey(db, user.id, req.params.id, req.body.name)))
        throw notFound(passkeyMessages.notFound);
      return send(reply, null, 'Passkey renamed');
    },
  );

  api.delete(
    '/api/v1/account/passkeys/:id',
    {
      config: access.user,
      schema: {
        tags: ['account'],
        summary: 'Remove a passkey (needs a sign-in in the last 10 minutes); emailed as a security notice',
        params: passkeyParams,
        response: respondMessage({ errors: [403, 404] }),
      },
    },
    async (req, reply) => {
      const principal = principalOf(req);
      requireRecentSignIn(principal, 'Please sign in again to remove a passkey');
      const user = await currentUser(principal.subject);
      if (!(await removePasskey(db, user, req.params.id, notify))) throw notFound(passkeyMessages.notFound);
      logger.info({ userId: user.id, passkeyId: req.params.id }, 'passkey removed');
      return send(reply, null, 'Passkey removed');
    },
  );

  // The sign-in page's ceremony. JSON in and out: the page's script navigates on success.
  app.post<{ Params: { uid: string } }>(
    '/oidc/interaction/:uid/passkey/options',
    { config: access.public, schema: { hide: true } },
    async (req, reply) => {
      const interaction = await kit.details(req, reply);
      if (!interaction)
        return reply.code(400).send({ message: 'Your sign-in page expired. Please start again.' });
      return reply.header('cache-control', 'no-store').send(await authenticationOptions(db, rp));
    },
  );

  app.post<{ Params: { uid: string } }>(
    '/oidc/interaction/:uid/passkey',
    { config: access.public, schema: { hide: true }, bodyLimit: 64 * 1024 },
    async (req, reply) => {
      const interaction = await kit.details(req, reply);
      if (!interaction)
        return reply.code(400).send({ message: 'Your sign-in page expired. Please start again.' });
      const parsed = credentialResponse.safeParse(req.body);
      if (!parsed.success) {
        return reply
          .code(400)
          .send({ message: 'That passkey could not sign you in. Try again, or log in with your password.' });
      }
      const context = { ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null };
      let userId: string;
      try {
        userId = await authenticateWithPasskey(db, rp, parsed.data as unknown as AuthenticationResponseJSON);
      } catch (err) {
        if (!(err instanceof PasskeyError)) throw err;
        await recordEvent(db, {
          userId: err.userId,
          email: null,
          success: false,
          reason: err.checked ? 'passkey refused' : 'locked',
          ...context,
        });
        return reply.code(err.status).send({ message: err.message });
      }
      await recordEvent(db, { userId, email: null, success: true, reason: 'passkey', ...context });
      const redirectTo = await kit.resultUrl(req, reply, interaction, {
        login: { accountId: userId, amr: PASSKEY_AMR, remember: true },
      });
      return reply.header('cache-control', 'no-store').send({ redirectTo });
    },
  );
}
