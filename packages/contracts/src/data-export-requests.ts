import { z } from 'zod';

/** GET /account/data-exports/download?token= : the single-use token from the email. */
export const dataExportDownloadQuery = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This download link is not valid.'),
});
