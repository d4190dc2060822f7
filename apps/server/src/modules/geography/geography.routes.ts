import { postalCodeField } from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { access, send } from '../../platform/http.ts';
import { respond } from '../../platform/responses.ts';
import { administrativeAreas, areaForPostalCode, postalCodeForArea } from './administrative-areas.ts';

export async function geographyRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/administrative-areas',
    {
      config: access.user,
      schema: {
        tags: ['geography'],
        summary: 'US states and territories, by name',
        response: respond(z.array(z.object({ code: z.string().length(2), name: z.string() }))),
      },
    },
    async (_req, reply) => send(reply, administrativeAreas),
  );

  api.get(
    '/administrative-areas/:code/postal-code',
    {
      config: access.user,
      schema: {
        tags: ['geography'],
        summary: 'A ZIP code to propose when this state is picked',
        params: z.object({
          code: z
            .string()
            .length(2, 'code is a 2-letter state code')
            .toUpperCase()
            .meta({ pattern: '^[A-Za-z]{2}$' }),
        }),
        response: respond(z.object({ postalCode: z.string() }), { errors: [404] }),
      },
    },
    async (req, reply) => {
      const postalCode = postalCodeForArea(req.params.code);
      if (!postalCode) throw notFound('Unknown state');
      return send(reply, { postalCode });
    },
  );

  api.get(
    '/postal-codes/:postalCode',
    {
      config: access.user,
      schema: {
        tags: ['geography'],
        summary: 'The state (and city) of a ZIP code',
        params: z.object({ postalCode: postalCodeField }),
        response: respond(z.object({ administrativeArea: z.string(), locality: z.string() }), {
          errors: [404],
        }),
      },
    },
    async (req, reply) => {
      const area = areaForPostalCode(req.params.postalCode);
      if (!area) throw notFound('Unknown postal code');
      return send(reply, { administrativeArea: area.code, locality: area.city });
    },
  );
}
