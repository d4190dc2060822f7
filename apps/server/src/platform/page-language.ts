import { type Language, languageFromCookies, languages } from '@pria/contracts';
import accepts from 'accepts';
import type { FastifyRequest } from 'fastify';

/**
 * The language of a public page the server sends (ADR 73): the visitor's choice (cookie
 * `pria_lang`, which the web app also sets from a signed-in customer's account), else the
 * browser's `Accept-Language` (any Spanish → Spanish), else English. The web app hydrates the page
 * in the language it was written in, so a Spanish reader never sees English first.
 */
export function pageLanguage(req: FastifyRequest): Language {
  const chosen = languageFromCookies(req.headers.cookie);
  if (chosen) return chosen;
  if (!req.headers['accept-language']) return 'en';
  const negotiated = accepts(req.raw).language([...languages]);
  return negotiated === 'es' ? 'es' : 'en';
}
