import { z } from 'zod';

/**
 * The languages Pria speaks to customers (issue 42, ADR 71): English and US Spanish. The admin
 * portal stays English.
 */
export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];

export const languageSchema = z
  .enum(languages, { error: 'language must be en or es' })
  .describe('en (English) or es (Spanish, for US readers)');

/** PUT /customers/{id}/language: the customer's choice, kept on the account. */
export const languageUpdate = z.strictObject({ language: languageSchema });
export type LanguageUpdate = z.infer<typeof languageUpdate>;
