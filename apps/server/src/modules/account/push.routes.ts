import {
  pushDeviceParams,
  pushDeviceView,
  pushMessages,
  pushSettingsView,
  pushSubscriptionRequest,
} from '@pria/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemClock } from '../../platform/clock.ts';
import { access, principalOf, send } from '../../platform/http.ts';
import { callerLanguage, varyByLanguage } from '../../platform/language.ts';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import { respond, respondMessage } from '../../platform/responses.ts';
import { getPushSettings, removeOwnPushDevice, sendTestPush, subscribePushDevice } from './push-devices.ts';

/** Web push devices of the caller (Account → Notifications). */
export async function pushRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const clock = deps.clock ?? systemClock;
  // The devices are named in the caller's language (their choice, else the request's).
  const language = (req: FastifyRequest) => callerLanguage(deps.db, principalOf(req), req.headers);
  const opts = (req: FastifyRequest) => ({
    db: deps.db,
    principal: principalOf(req),
    publicKey: deps.config.webPush.vapid?.publicKey,
    allowedHosts: deps.config.webPush.allowedHosts,
    allowLoopback: deps.config.webPush.allowLoopback,
  });

  api.get(
    '/account/push',
    {
      config: access.user,
      schema: {
        tags: ['account'],
        summary: "The VAPID public key to subscribe with (null: push is off) and the caller's push devices",
        response: respond(pushSettingsView),
      },
    },
    async (req, reply) =>
      send(varyByLanguage(reply), await getPushSettings({ ...opts(req), language: await language(req) })),
  );

  api.post(
    '/account/push/devices',
    {
      config: { ...access.user, rateLimit: { max: 20, timeWindow: '1 hour', key: 'account' } },
      schema: {
        tags: ['account'],
        summary: "Turn push on for this device: the browser's PushSubscription.toJSON()",
        description:
          'The endpoint must be a known push service (WEB_PUSH_ALLOWED_HOSTS). The first device also turns push on for every kind of message.',
        body: pushSubscriptionRequest,
        response: respond(pushDeviceView, { status: 201 }),
      },
    },
    async (req, reply) =>
      send(
        reply,
        await subscribePushDevice({
          ...opts(req),
          language: await language(req),
          input: req.body,
          userAgent: req.headers['user-agent'],
        }),
        pushMessages.pushOn,
        201,
      ),
  );

  api.delete(
    '/account/push/devices/:id',
    {
      config: access.user,
      schema: {
        tags: ['account'],
        summary: 'Stop push to one of your devices',
        params: pushDeviceParams,
        response: respondMessage({ errors: [404] }),
      },
    },
    async (req, reply) => {
      await removeOwnPushDevice({ ...opts(req), id: req.params.id });
      return send(reply, null, pushMessages.pushDeviceRemoved);
    },
  );

  api.post(
    '/account/push/devices/:id/test',
    {
      config: { ...access.user, rateLimit: { max: 5, timeWindow: '10 minutes', key: 'account' } },
      schema: {
        tags: ['account'],
        summary: 'Send a test notification to one of your devices',
        params: pushDeviceParams,
        response: respondMessage({ status: 202, errors: [404] }),
      },
    },
    async (req, reply) => {
      await sendTestPush({ ...opts(req), id: req.params.id, now: clock.now() });
      return send(reply, null, pushMessages.pushTestSent, 202);
    },
  );
}
