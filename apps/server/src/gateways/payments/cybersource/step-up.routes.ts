import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { access } from '../../../platform/http.ts';
import type { CybersourceGateway } from './cybersource-gateway.ts';
import { stepUpPagePath } from './step-up-token.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Submits the step-up form as soon as the page is read; the button stays for browsers without scripts. */
const autoSubmit = `document.getElementById('step-up').submit();\n`;

function page(reply: FastifyReply, title: string, body: string, status = 200) {
  return (
    reply
      .code(status)
      .header('cache-control', 'no-store')
      // The sealed access token is in this page's URL: never sent on as a Referer.
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#1a1b1e}
.box{border:1px solid #dee2e6;border-radius:8px;padding:1.5rem}button{font-size:1rem;padding:.6rem 1.2rem;border-radius:6px;border:1px solid #1c7ed6;background:#1c7ed6;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #1a1b1e;outline-offset:2px}</style>
</head><body><main class="box">${body}</main></body></html>`)
  );
}

/** The app's CSP with `form-action` widened to one more origin (the issuer's step-up host). */
function allowFormActionTo(reply: FastifyReply, origin: string) {
  const csp = String(reply.getHeader('content-security-policy') ?? '');
  if (!csp) return;
  const directives = csp.split(';').map((d) => d.trim());
  const updated = directives.map((d) => (d.startsWith('form-action ') ? `${d} ${origin}` : d));
  reply.header('content-security-policy', updated.join(';'));
}

/** Only a path on our own site: the return route must not be an open redirect. */
function ownPath(to: unknown): string {
  return typeof to === 'string' && /^\/(?![/\\])/.test(to) ? to : '/dashboard';
}

/**
 * 3-D Secure with CyberSource: a customer-initiated charge that needs the customer's bank answers
 * PENDING_AUTHENTICATION with an access token (JWT) that must be form-POSTed to the issuer's step-up
 * URL, so the charge's `sessionUrl` is this page. It holds the form (a visible "Continue to your
 * bank" button) and a script of ours, allowed by `script-src 'self'`, that submits it at once. The
 * issuer sends the customer back with a form POST to the return route, which redirects to the
 * page the charge named.
 */
export async function registerCybersourceRoutes(app: FastifyInstance, gateway: CybersourceGateway) {
  await app.register(async (scope) => {
    // The issuer's return is a urlencoded form; its fields are not needed here (see README).
    await scope.register(formbody, { bodyLimit: 16 * 1024 });

    scope.get(
      `${stepUpPagePath}.js`,
      { config: access.public, schema: { hide: true } },
      async (_req, reply) =>
        reply
          .header('cache-control', 'public, max-age=3600')
          .type('text/javascript; charset=utf-8')
          .send(autoSubmit),
    );

    const back = { config: access.public, schema: { hide: true } };
    const returnHandler = async (
      req: { query: unknown; body?: unknown; log: { warn: (o: object, m: string) => void } },
      reply: FastifyReply,
    ) => {
      const query = (req.query ?? {}) as { to?: unknown; charge?: unknown };
      const form = (req.body ?? {}) as { TransactionId?: unknown };
      // The bank has answered: validate the authentication, which settles the charge. If that
      // fails the charge stays pending and is settled by lookup, so the customer goes on anyway.
      if (
        typeof query.charge === 'string' &&
        typeof form.TransactionId === 'string' &&
        form.TransactionId.length <= 200
      ) {
        await gateway
          .completeStepUp(query.charge, form.TransactionId)
          .catch((err: unknown) => req.log.warn({ err }, 'could not validate a 3-D Secure step-up'));
      }
      return reply.redirect(ownPath(query.to), 303);
    };
    scope.post(`${stepUpPagePath}/return`, back, returnHandler);
    scope.get(`${stepUpPagePath}/return`, back, returnHandler);

    // The sealed step-up travels in the query (`token`, redacted in the request log): it is longer
    // than a path parameter may be.
    scope.get<{ Querystring: { token?: unknown } }>(
      stepUpPagePath,
      { config: access.public, schema: { hide: true } },
      async (req, reply) => {
        const token = req.query.token;
        const stepUp = typeof token === 'string' && token.length <= 8192 ? gateway.openStepUp(token) : null;
        if (!stepUp) {
          return page(
            reply,
            'Link expired',
            '<h1>This verification link has expired</h1><p>Go back to Pria and start the payment again.</p>',
            404,
          );
        }
        allowFormActionTo(reply, new URL(stepUp.stepUpUrl).origin);
        return page(
          reply,
          'Verify your payment',
          `<h1>Verify your payment</h1>
<p>Your bank asks you to confirm this payment. You are being taken to your bank's page.</p>
<form id="step-up" method="post" action="${escapeHtml(stepUp.stepUpUrl)}">
<input type="hidden" name="JWT" value="${escapeHtml(stepUp.accessToken)}">
<button type="submit">Continue to your bank</button>
</form>
<script src="${stepUpPagePath}.js" defer></script>`,
        );
      },
    );
  });
}
