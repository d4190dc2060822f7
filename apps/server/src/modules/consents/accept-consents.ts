import type { acceptConsentsRequest } from '@pria/contracts';
import { currentLegalVersion } from '@pria/contracts/legal/documents';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth.ts';
import { recordConsents } from '../../platform/consents.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { currentCustomer } from '../customers/index.ts';
import { getOwnConsents } from './get-consents.ts';

/**
 * The customer accepts new versions ("We've updated our terms"). The request names the versions
 * the screen showed: a version that is no longer current is refused, so a record never claims
 * the customer accepted words they did not see.
 */
export async function acceptConsents(
  db: Db,
  principal: Principal,
  input: z.infer<typeof acceptConsentsRequest>,
  client: { ip: string | null; userAgent: string | null },
) {
  const stale = input.documents.filter((d) => currentLegalVersion(d.id).version !== d.version);
  if (stale.length > 0) {
    throw new AppError(
      'CONFLICT',
      'These terms have changed since you opened them. Please review the latest version.',
    );
  }
  const customer = await currentCustomer(db, principal);
  await db.transaction().execute(async (tx) => {
    await recordConsents(
      tx,
      { issuer: principal.issuer, subject: principal.subject, customerId: customer.id, ...client },
      { documents: [...new Set(input.documents.map((d) => d.id))], context: 'update' },
    );
    await tx
      .insertInto('event_log')
      .values({
        stream: 'account',
        message: `accepted ${input.documents.map((d) => `${d.id} ${d.version}`).join(', ')}`,
        actor: customer.id,
        data: JSON.stringify({ customerId: customer.id, documents: input.documents, ip: client.ip }),
      })
      .execute();
  });
  return getOwnConsents(db, principal);
}
