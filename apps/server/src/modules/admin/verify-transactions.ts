import { type AdminTransactionRow, adminMessages } from '@pria/contracts';
import { sql } from 'kysely';
import { type AuditContext, recordStaffAction } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { toTransactionRow } from './list-transactions.ts';
import { chargesByIds } from './transactions.repo.ts';

export interface VerifyTransactionsOptions {
  db: Db;
  ids: string[];
  /** Who verifies, with the request: kept on the rows, in the log and in the audit trail. */
  audit: AuditContext;
}

/**
 * Bulk verify (spec §5: only rows whose type contains CAPTURE and that are not yet verified).
 * All or nothing: when any id is a pay-back, unknown or already verified, nothing changes and
 * the refusal says which. The rows and the audit line are written in one transaction; the
 * rows are locked first so two staff verifying the same rows cannot both succeed.
 */
export async function verifyTransactions(o: VerifyTransactionsOptions): Promise<AdminTransactionRow[]> {
  const ids = [...new Set(o.ids.map((id) => id.toLowerCase()))];
  await o.db.transaction().execute(async (tx) => {
    const charges = await tx
      .selectFrom('payment_attempts')
      .select(['id', 'is_verified'])
      .where('id', 'in', ids)
      .forUpdate()
      .execute();
    const found = new Map(charges.map((c) => [c.id, c.is_verified]));
    const verified = ids.filter((id) => found.get(id) === true);
    const missing = ids.filter((id) => !found.has(id));
    const payouts = missing.length
      ? (await tx.selectFrom('payouts').select('id').where('id', 'in', missing).execute()).map((p) => p.id)
      : [];
    const unknown = missing.filter((id) => !payouts.includes(id));
    if (verified.length || payouts.length || unknown.length) {
      const reasons = [
        ...verified.map((id) => `${id} is already verified`),
        ...payouts.map((id) => `${id} is a payout, not a CAPTURE`),
        ...unknown.map((id) => `${id} is not a transaction`),
      ];
      throw new AppError(
        'CONFLICT',
        `${adminMessages.transactionVerificationFailed}: ${reasons.length} of ${ids.length} cannot be verified; nothing was changed`,
        reasons,
      );
    }
    await tx
      .updateTable('payment_attempts')
      .set({
        is_verified: true,
        verified_at: sql<Date>`now()`,
        verified_by: o.audit.actor,
        updated_at: sql<Date>`now()`,
      })
      .where('id', 'in', ids)
      .execute();
    await tx
      .insertInto('event_log')
      .values({
        stream: 'admin',
        actor: o.audit.actor,
        message: `Verified ${ids.length} transactions`,
        data: JSON.stringify({ ids }),
      })
      .execute();
    await recordStaffAction(tx, o.audit, {
      action: 'transactions.verify',
      targetType: 'charges',
      targetId: ids.join(','),
      before: { isVerified: false },
      after: { isVerified: true, count: ids.length },
    });
  });
  return (await chargesByIds(o.db, ids)).map(toTransactionRow);
}
