import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { AttemptStatus, PaymentAttemptsTable } from '../../platform/db-schema.ts';

export type AttemptRow = Selectable<PaymentAttemptsTable>;

/** The only moves a payment attempt may make. Anything else is a bug, not a branch. */
const transitions: Record<AttemptStatus, readonly AttemptStatus[]> = {
  created: ['submitted'],
  submitted: ['captured', 'declined', 'unknown', 'requires_authentication', 'missed'],
  // In doubt and found never received: sent again under the same reference (back to submitted),
  // or missed when its window has closed (a pay-in's, ADR 7; a checkout's, ADR 47). Found waiting
  // for the customer's bank (the answer lost was the bank's request): requires_authentication.
  unknown: ['captured', 'declined', 'submitted', 'missed', 'requires_authentication'],
  // A checkout charge the bank still holds after its window since it was sent: nothing moved,
  // and nothing can move any more (the processors' authentication windows are shorter; ADR 47).
  requires_authentication: ['captured', 'declined', 'missed'],
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
  fields: Partial<Pick<AttemptRow, 'decline_reason' | 'gateway_transaction_id' | 'session_url'>>,
  /** When it happens, by the engine's clock: a send dates `sent_at`, an outcome `settled_at`. */
  at: Date,
): Promise<AttemptRow | undefined> {
  if (!transitions[attempt.status].includes(to)) throw new IllegalTransition(attempt.id, attempt.status, to);
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
