import { z } from 'zod';
import { legalDocumentIds } from './documents.ts';

/** POST /account/consents: the versions the screen showed and the customer accepted. */
export const acceptConsentsRequest = z.object({
  documents: z
    .array(
      z.object({
        id: z.enum(legalDocumentIds, { error: 'Unknown document' }),
        version: z.string().min(1).max(40),
      }),
    )
    .min(1, 'Choose what to accept')
    .max(legalDocumentIds.length),
});
