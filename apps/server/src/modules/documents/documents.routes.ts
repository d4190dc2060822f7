import { messages, receiptLabel } from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { systemClock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import { access, principalOf } from '../../platform/http.ts';
import { requestLanguage, varyByLanguage } from '../../platform/language.ts';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import { respondFile } from '../../platform/responses.ts';
import { currentCustomer } from '../customers/index.ts';
import { findReceipt, statementLines } from './documents.repo.ts';
import { documentTranslator, receiptPdf } from './receipt-pdf.ts';
import { statementCsv, statementPdf } from './statement.ts';

/**
 * Receipts and yearly statements (issue 19), rendered on the server: a customer downloads only
 * their own. PDF by pdfkit, CSV by csv-stringify; nothing about a card beyond brand and last four.
 * A PDF, a CSV and the file's name are in the reader's language by the request's rule (ADR 74): the
 * customer's chosen language, else the `pria_lang` cookie, else Accept-Language, else English.
 */
export async function documentsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const clock = deps.clock ?? systemClock;
  const issuer = deps.config.legal;

  api.get(
    '/receipts/:id',
    {
      config: access.user,
      schema: {
        tags: ['documents'],
        summary: "A plan charge's receipt as PDF (the id is the charge's, from the activity list)",
        params: z.object({ id: z.uuid({ error: messages.receiptNotFound }) }),
        response: respondFile(['application/pdf'], {
          description: 'The receipt (a download: Content-Disposition names the file)',
          errors: [404],
        }),
      },
    },
    async (req, reply) => {
      const customer = await currentCustomer(deps.db, principalOf(req));
      const receipt = await findReceipt(deps.db, req.params.id, customer.id);
      if (!receipt) throw notFound(messages.receiptNotFound);
      const lang = requestLanguage(req.headers, customer.language);
      const pdf = await receiptPdf(receipt, issuer, lang);
      const name = documentTranslator(lang)('file.receipt', { number: receiptLabel(receipt.number) });
      return varyByLanguage(reply)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  // The newest year a statement exists for moves with the clock; the document says it as of start.
  const newestYear = () => clock.now().getUTCFullYear() + 1;
  api.get(
    '/statements/:year',
    {
      config: access.user,
      schema: {
        tags: ['documents'],
        summary: 'The yearly statement: every $3 charge and its pay-back, per card, with totals (PDF or CSV)',
        description: 'year: 2000 to next year.',
        params: z.object({
          year: z.coerce
            .number({ error: messages.statementYearInvalid })
            .int(messages.statementYearInvalid)
            .min(2000, messages.statementYearInvalid)
            .refine((y) => y <= newestYear(), messages.statementYearInvalid)
            .meta({ type: 'integer', minimum: 2000, maximum: newestYear() }),
        }),
        querystring: z.object({
          format: z.enum(['pdf', 'csv'], { error: 'format must be pdf or csv' }).default('pdf'),
        }),
        response: respondFile(['application/pdf', 'text/csv'], {
          description: 'The statement as PDF (format=pdf) or CSV (format=csv), a download',
        }),
      },
    },
    async (req, reply) => {
      const customer = await currentCustomer(deps.db, principalOf(req));
      const lines = await statementLines(deps.db, customer.id, req.params.year);
      const lang = requestLanguage(req.headers, customer.language);
      const year = String(req.params.year);
      const name = documentTranslator(lang)('file.statement', { year, format: req.query.format });
      varyByLanguage(reply)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store');
      if (req.query.format === 'csv')
        return reply.type('text/csv; charset=utf-8').send(statementCsv(lines, lang));
      const who = [customer.first_name, customer.last_name].filter(Boolean).join(' ') || customer.email || '';
      const pdf = await statementPdf(lines, {
        year: req.params.year,
        issuer,
        customer: who,
        now: clock.now(),
        lang,
      });
      return reply.type('application/pdf').send(pdf);
    },
  );
}
