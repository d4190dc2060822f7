import {
  type AdminTransactionRow,
  adminMessages,
  countOf,
  isVerifiable,
  transactionTypeNames,
} from '@pria/contracts';
import { sql } from 'kysely';
import { type AuditContext, recordStaffAction } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { toTransactionRow } from './list-transactions.ts';
import { ATTEMPT_STATES, chargesByIds } from './transactions.repo.ts';

export interface VerifyTransactionsOptions {
  db: Db;
  ids: string[];
  /** Who verifies, with the request: kept on the rows, in the log and in the audit trail. */
  audit: AuditContext;
}

/** Why a charge cannot be verified, in the list's words ("declined", "missed", "pending"). */
const stateWords = {
  failed: 'was declined',
  missed: 'was missed',
  pending: 'is still pending',
  success: 'was captured',
} as const;

/**
 * Bulk verify (spec §5: only rows whose type contains CAPTURE and that are not yet verified),
 * and only a charge that went through (`isVerifiable`, issue 29: a declined $3 could be marked
 * Verified). All or nothing: when any id is a pay-back, unknown, not captured or already
 * verified, nothing changes and the refusal says which. The rows and the audit line are written
 * in one transaction; the rows are locked first so two staff verifying the same rows cannot both
 * succeed. The database holds the same rule (migration 0079).
 */
export async function verifyTransactions(o: VerifyTransactionsOptions): Promise<AdminTransactionRow[]> {
  const ids = [...new Set(o.ids.map((id) => id.toLowerCase()))];
  await o.db.transaction().execute(async (tx) => {
    const charges = await tx
      .selectFrom('payment_attempts')
      .select(['id', 'kind', 'status', 'is_verified'])
      .where('id', 'in', ids)
      .forUpdate()
      .execute();
    const reasons: string[] = [];
    for (const c of charges) {
      const row = {
        type: c.kind === 'payin' ? ('CAPTURE' as const) : ('SUBSCRIPTION_CAPTURE' as const),
        transactionStatus: ATTEMPT_STATES[c.status as keyof typeof ATTEMPT_STATES] ?? 'pending',
        isVerified: c.is_verified,
      };
      if (isVerifiable(row)) continue;
      reasons.push(
        row.isVerified
          ? `${c.id} is already verified`
          : `${c.id} is a ${transactionTypeNames[row.type].toLowerCase()} that ${stateWords[row.transactionStatus]}: only captured charges can be verified`,
      );
    }
    const found = new Set(charges.map((c) => c.id));
    const missing = ids.filter((id) => !found.has(id));
    const payouts = missing.length
      ? (await tx.selectFrom('payouts').select('id').where('id', 'in', missing).execute()).map((p) => p.id)
      : [];
    reasons.push(...payouts.map((id) => `${id} is a payout, not a CAPTURE`));
    reasons.push(...missing.filter((id) => !payouts.includes(id)).map((id) => `${id} is not a transaction`));
    if (reasons.length) {
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
        message: `Verified ${countOf(ids.length, 'transaction')}`,
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
