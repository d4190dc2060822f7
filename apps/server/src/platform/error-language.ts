import type { Language } from '@pria/contracts';
import { apiMessages } from '@pria/contracts/i18n/api-messages';
import { formatMessage } from '@pria/contracts/i18n/format';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage, varyByLanguage } from './language.ts';

/**
 * The API's answers in the caller's language (issue 42, ADR 74): a refusal's or a success's
 * `message`, and `error[]`, are
 * found by their English words in the catalog and written in Spanish for a Spanish caller; the
 * `code`, the status and the shape never change, and words the catalog does not hold (a value
 * the caller sent, a rule not yet translated) stay as they are. The caller's language is the
 * request's: the `pria_lang` cookie (the web app keeps it to the account's choice), else
 * Accept-Language, else English.
 */
let byEnglish: Map<string, keyof typeof apiMessages.en> | undefined;

function refusalIn(lang: Language, english: string): string {
  byEnglish ??= new Map(
    (Object.keys(apiMessages.en) as (keyof typeof apiMessages.en)[]).map((id) => [apiMessages.en[id], id]),
  );
  const id = byEnglish.get(english);
  return id ? formatMessage(apiMessages, lang, id) : english;
}

interface Envelope {
  message: string;
  error: string[];
}

export function inCallersLanguage<E extends Envelope>(req: FastifyRequest, reply: FastifyReply, body: E): E {
  if (!req.url.startsWith('/api/')) return body;
  varyByLanguage(reply);
  const lang = requestLanguage(req.headers);
  if (lang === 'en') return body;
  return {
    ...body,
    message: refusalIn(lang, body.message),
    error: body.error.map((e) => refusalIn(lang, e)),
  };
}
