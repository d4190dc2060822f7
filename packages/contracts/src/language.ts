import { z } from 'zod';
import { languages } from './languages.ts';

export * from './languages.ts';

export const languageSchema = z
  .enum(languages, { error: 'language must be en or es' })
  .describe('en (English) or es (Spanish, for US readers)');

/** PUT /customers/{id}/language: the customer's choice, kept on the account. */
export const languageUpdate = z.strictObject({ language: languageSchema });
export type LanguageUpdate = z.infer<typeof languageUpdate>;
