import { type RawBuilder, sql } from 'kysely';
import { isUuid } from '../../platform/ids.ts';

/**
 * The processor's idempotency key of each kind of money row, in TypeScript. The database's
 * definitions are the `pria_*_reference` functions (migration 0064), used wherever SQL writes a
 * reference; `references.test.ts` proves both give the same text.
 */
export const payinReference = (cardId: string, period: string) => `payin:${cardId}:${period}`;
export const payoutReference = (payoutId: string, attempt: number) => `payout:${payoutId}:${attempt}`;
export const subscriptionReference = (attemptId: string) => `sub:${attemptId}`;
export const refundReference = (refundId: string) => `refund:${refundId}`;

/**
 * A money row (a charge as `a`, a pay-back as `p`) as staff name it: our id, our reference or the
 * processor's transaction id. The one definition for the admin transactions filter and the CLI's
 * simulated dispute, so that what finds a row in the list finds it there too.
 */
export function namedMoneyRow(alias: 'a' | 'p', name: string): RawBuilder<boolean> {
  const ref = (column: string) => sql.ref(`${alias}.${column}`);
  const byId = isUuid(name) ? sql` or ${ref('id')} = ${name}::uuid` : sql``;
  return sql<boolean>`(${ref('gateway_transaction_id')} = ${name} or ${ref('reference')} = ${name}${byId})`;
}
