import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { access } from '../../../platform/http.ts';
import { AUTHENTICATION_EXPIRED, type SimulatorGateway } from './simulator-gateway.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const formatUsd = (cents: number) => `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

function page(reply: FastifyReply, title: string, body: string, status = 200) {
  // No script at all: the app's CSP is script-src 'self' and this page needs none.
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#1a1b1e}
.box{border:1px solid #dee2e6;border-radius:8px;padding:1.5rem}button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.5rem;border-radius:6px;border:1px solid #228be6;cursor:pointer}
.primary{background:#228be6;color:#fff}.secondary{background:#fff;color:#228be6}small{color:#868e96}</style>
</head><body><div class="box"><small>Payment simulator - hosted authentication</small>${body}</div></body></html>`);
}

/**
 * The simulator's hosted authentication page (what 3-D Secure looks like to a customer): a
 * customer-initiated charge on the requires-authentication test card answers with this URL;
 * the customer authenticates or cancels, which captures or declines the pending charge.
 * The session id in the URL is an unguessable capability, as on a real processor.
 */
export async function registerSimulatorRoutes(
  app: FastifyInstance,
  gateway: SimulatorGateway,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 4 * 1024 });

    scope.get<{ Params: { id: string } }>(
      '/gateway-sim/sessions/:id',
      { config: access.public, schema: { hide: true } },
      async (req, reply) => {
        const tx = await gateway.findSession(req.params.id);
        if (!tx) return page(reply, 'Not found', '<h1>Payment session not found</h1>', 404);
        if (tx.status !== 'requires_authentication') {
          // The window closed unanswered: say so, and send the customer back to pay again.
          if (tx.reason === AUTHENTICATION_EXPIRED) {
            const back = tx.return_url
              ? `<p><a href="${escapeHtml(tx.return_url)}">Return to the merchant</a></p>`
              : '';
            return page(
              reply,
              'Verification expired',
              `<h1>Verification expired</h1><p>This payment was not confirmed in time, so nothing was charged.</p>${back}`,
            );
          }
          return page(reply, 'Payment', `<h1>This payment is already ${escapeHtml(tx.status)}</h1>`);
        }
        return page(
          reply,
          'Authenticate payment',
          `<h1>Authenticate payment</h1>
<p>${escapeHtml(tx.description ?? 'Payment')}: <strong>${formatUsd(tx.amount_cents)}</strong></p>
<form method="post" action="/gateway-sim/sessions/${escapeHtml(req.params.id)}">
<button class="primary" type="submit" name="decision" value="authenticate">Authenticate payment</button>
<button class="secondary" type="submit" name="decision" value="cancel">Cancel</button>
</form>`,
        );
      },
    );

    scope.post<{ Params: { id: string }; Body: { decision?: string } }>(
      '/gateway-sim/sessions/:id',
      { config: access.public, schema: { hide: true } },
      async (req, reply) => {
        const authenticated = req.body?.decision === 'authenticate';
        const tx =
          (await gateway.completeSession(req.params.id, authenticated)) ??
          (await gateway.findSession(req.params.id));
        if (!tx) return page(reply, 'Not found', '<h1>Payment session not found</h1>', 404);
        if (tx.return_url) {
          const back = new URL(tx.return_url);
          back.searchParams.set('reference', tx.reference);
          return reply.redirect(back.toString(), 303);
        }
        const done = tx.status === 'captured' ? 'Payment authenticated' : 'Payment cancelled';
        return page(reply, done, `<h1>${done}</h1><p>You can close this window.</p>`);
      },
    );
  });
}
