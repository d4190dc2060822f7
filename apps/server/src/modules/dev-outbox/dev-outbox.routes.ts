import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/http.ts';
import type { ModuleDeps } from '../../platform/module-deps.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A push row's payload ({ title, body, url, tag }); an erased one is no JSON any more. */
function pushPayload(text: string): Record<string, unknown> | null {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

const pushText = (text: string) => {
  const p = pushPayload(text);
  return p ? `${String(p.body ?? '')}\n→ ${String(p.url ?? '')}` : text;
};

/**
 * Development only: every email, SMS and push message the app would send, newest first, as a page
 * at /dev/outbox and as JSON at /dev/outbox.json (the end-to-end tests read links and codes here).
 * A push message's `to` is `push:<device id>`, its `text` the payload the device decrypts, and
 * `push` that payload parsed ({ title, body, url, tag }). Never registered in production.
 */
export async function devOutboxRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const query = z.object({
    to: z.string().max(254).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  });

  const list = (to: string | undefined, limit: number) => {
    let q = db.selectFrom('message_outbox').selectAll().orderBy('id', 'desc').limit(limit);
    if (to) q = q.where('recipient', '=', to.toLowerCase());
    return q.execute();
  };

  api.get(
    '/dev/outbox.json',
    { config: access.public, schema: { hide: true, querystring: query } },
    async (req) => {
      const rows = await list(req.query.to, req.query.limit);
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        to: r.recipient,
        subject: r.subject,
        text: r.text_body,
        html: r.html_body,
        status: r.status,
        createdAt: r.created_at,
        ...(r.channel === 'push' ? { push: pushPayload(r.text_body) } : {}),
      }));
    },
  );

  api.get(
    '/dev/outbox',
    { config: access.public, schema: { hide: true, querystring: query } },
    async (req, reply) => {
      const rows = await list(req.query.to, req.query.limit);
      const items = rows
        .map(
          (
            r,
          ) => `<article><header><strong>${escapeHtml(r.channel.toUpperCase())}</strong> to ${escapeHtml(r.recipient)}
          <time>${escapeHtml(new Date(r.created_at).toISOString())}</time></header>
          ${r.subject ? `<h2>${escapeHtml(r.subject)}</h2>` : ''}<pre>${escapeHtml(
            r.channel === 'push' ? pushText(r.text_body) : r.text_body,
          )}</pre></article>`,
        )
        .join('');
      reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1"><title>Outbox · Pria (development)</title>
      <style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#0b1f3a}
      article{border:1px solid #d0d7e2;border-radius:8px;padding:1rem;margin:1rem 0}
      pre{white-space:pre-wrap;word-break:break-word}time{color:#5c6b80;margin-left:.5rem}</style></head>
      <body><h1>Outbox</h1><p>Messages Pria would have sent (development only).</p>
      ${items || '<p>No messages yet.</p>'}</body></html>`);
    },
  );
}
