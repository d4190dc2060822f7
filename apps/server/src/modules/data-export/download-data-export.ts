import { dataExportMessages, dayInNewYork } from '@pria/contracts';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { currentCustomer } from '../customers/index.ts';
import { takeExportFile } from './data-export.repo.ts';
import { logExportEvent } from './log-export-event.ts';
import { hashToken } from './prepare-data-export.ts';

/**
 * The file, once, for the signed-in customer holding the emailed token: both are needed, so a
 * forwarded email alone opens nothing, and a signed-in session without the email neither.
 */
export async function downloadDataExport(
  db: Db,
  principal: Principal,
  r: { token: string; ip: string | null; now: Date },
): Promise<{ file: Buffer; filename: string }> {
  const customer = await currentCustomer(db, principal);
  return db.transaction().execute(async (tx) => {
    const taken = await takeExportFile(tx, {
      tokenHash: hashToken(r.token),
      customerId: customer.id,
      now: r.now,
    });
    if (!taken) throw new AppError('NOT_FOUND', dataExportMessages.linkInvalid);
    await logExportEvent(tx, customer.id, 'data export downloaded', { requestId: taken.id, ip: r.ip });
    return { file: taken.file, filename: `pria-data-${dayInNewYork(taken.ready_at)}.zip` };
  });
}
