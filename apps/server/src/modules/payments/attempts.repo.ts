import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { AttemptStatus, PaymentAttemptsTable } from '../../platform/db-schema.ts';
import { paymentAttemptMoves } from '../../platform/money-state-machines.ts';

export type AttemptRow = Selectable<PaymentAttemptsTable>;

export class IllegalTransition extends Error {
  constructor(id: string, from: AttemptStatus, to: AttemptStatus) {
    super(`payment attempt ${id}: ${from} -> ${to} is not allowed`);
    this.name = 'IllegalTransition';
  }
}

export async function insertAttempt(db: Db, row: Insertable<PaymentAttemptsTable>): Promise<AttemptRow> {
  return db.insertInto('payment_attempts').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * Moves an attempt from `from` to `to`, guarded by the current status in the WHERE clause so
 * two workers can never both move the same attempt. Returns undefined when another process
 * moved it first.
 */
export async function transitionAttempt(
  db: Db,
  attempt: Pick<AttemptRow, 'id' | 'status'>,
  to: AttemptStatus,
  fields: Partial<Pick<AttemptRow, 'decline_reason' | 'gateway_transaction_id' | 'session_url'>>,
  /** When it happens, by the engine's clock: a send dates `sent_at`, an outcome `settled_at`. */
  at: Date,
): Promise<AttemptRow | undefined> {
  // The database refuses any other move too (migration 0090); this names it before the round trip.
  if (!paymentAttemptMoves[attempt.status].includes(to))
    throw new IllegalTransition(attempt.id, attempt.status, to);
  const times =
    to === 'submitted' ? { sent_at: at } : to === 'captured' || to === 'declined' ? { settled_at: at } : {};
  return (
    db
      .updateTable('payment_attempts')
      // updated_at is the database's time: the lookup lag is measured against its now() (in-doubt.sql.ts).
      .set({ ...fields, ...times, status: to, updated_at: sql<Date>`now()` })
      .where('id', '=', attempt.id)
      .where('status', '=', attempt.status)
      .returningAll()
      .executeTakeFirst()
  );
}
