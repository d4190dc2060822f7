import { dataExportDownloadQuery, dataExportMessages, dataExportView } from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { systemClock } from '../../platform/clock.ts';
import { access, principalOf, send } from '../../platform/http.ts';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import { respond, respondFile } from '../../platform/responses.ts';
import { downloadDataExport } from './download-data-export.ts';
import { listOwnDataExports, requestDataExport } from './request-data-export.ts';

/** Account → Privacy → "Download my data". */
export async function dataExportRoutes(app: FastifyInstance, { db, clock = systemClock }: ModuleDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/account/data-exports',
    {
      config: access.user,
      schema: {
        tags: ['account'],
        summary: "The caller's latest data requests, newest first, with their progress",
        response: respond(z.array(dataExportView)),
      },
    },
    async (req, reply) => send(reply, await listOwnDataExports(db, principalOf(req))),
  );

  api.post(
    '/account/data-exports',
    {
      config: { ...access.user, rateLimit: { max: 5, timeWindow: '1 hour', key: 'account' } },
      schema: {
        tags: ['account'],
        summary:
          'Ask for a copy of your data (a ZIP of JSON and CSV, emailed as a single-use link for 7 days)',
        description: '409 while one is being prepared; 429 within 24 hours of the last one.',
        response: respond(dataExportView, { status: 202, errors: [409] }),
      },
    },
    async (req, reply) =>
      send(
        reply,
        await requestDataExport(db, principalOf(req), { ip: req.ip ?? null, now: clock.now() }),
        dataExportMessages.requested,
        202,
      ),
  );

  api.get(
    '/account/data-exports/download',
    {
      config: { ...access.user, rateLimit: { max: 20, timeWindow: '1 hour', key: 'account' } },
      schema: {
        tags: ['account'],
        summary: 'The prepared ZIP, once, with the token from the email (application/zip)',
        description: '404 when the link is unknown, already used, expired, or another customer’s.',
        querystring: dataExportDownloadQuery,
        response: respondFile(['application/zip'], {
          description: 'The ZIP of your data (JSON and CSV), once',
          errors: [404],
        }),
      },
    },
    async (req, reply) => {
      const { file, filename } = await downloadDataExport(db, principalOf(req), {
        token: req.query.token,
        ip: req.ip ?? null,
        now: clock.now(),
      });
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
}
