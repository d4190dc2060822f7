import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { AttemptStatus, PaymentAttemptsTable } from '../../platform/db-schema.ts';

export type AttemptRow = Selectable<PaymentAttemptsTable>;

/** The only moves a payment attempt may make. Anything else is a bug, not a branch. */
const transitions: Record<AttemptStatus, readonly AttemptStatus[]> = {
  created: ['submitted'],
  submitted: ['captured', 'declined', 'unknown', 'requires_authentication', 'missed'],
  // In doubt and found never received: sent again under the same reference (back to submitted),
  // or missed when its pay-in window has closed (ADR 7).
  unknown: ['captured', 'declined', 'submitted', 'missed'],
  requires_authentication: ['captured', 'declined'],
  captured: [],
  declined: [],
  // Only a forced run (staff, recorded) sends a missed month after all.
  missed: ['created'],
};

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
  fields: Partial<Pick<AttemptRow, 'decline_reason' | 'gateway_transaction_id' | 'session_url'>> = {},
  /** When it happens, by the engine's clock: a send dates `sent_at`, an outcome `settled_at`. */
  at: Date = new Date(),
): Promise<AttemptRow | undefined> {
  if (!transitions[attempt.status].includes(to)) throw new IllegalTransition(attempt.id, attempt.status, to);
  const times =
    to === 'submitted' ? { sent_at: at } : to === 'captured' || to === 'declined' ? { settled_at: at } : {};
  return db
    .updateTable('payment_attempts')
    .set({ ...fields, ...times, status: to, updated_at: new Date() })
    .where('id', '=', attempt.id)
    .where('status', '=', attempt.status)
    .returningAll()
    .executeTakeFirst();
}
