import { MAX_CARDS_IN_ALL } from '@pria/contracts';
import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { Database } from '../../platform/db-schema.ts';
import type { CardsTable } from '../../platform/schema/cards-tables.ts';

export type CardRow = Selectable<CardsTable>;
type Tx = Transaction<Database>;

export const isUuid = (s: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

export function listActiveCards(db: Db | Tx, customerId: string): Promise<CardRow[]> {
  return db
    .selectFrom('cards')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('removed_at', 'is', null)
    .orderBy('slot')
    .execute();
}

/** A customer's active card; another customer's id simply is not found. */
export function findActiveCard(
  db: Db | Tx,
  customerId: string,
  cardId: string,
): Promise<CardRow | undefined> {
  if (!isUuid(cardId)) return Promise.resolve(undefined);
  return db
    .selectFrom('cards')
    .selectAll()
    .where('id', '=', cardId)
    .where('customer_id', '=', customerId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/** Serialises card changes of one customer (slot choice, default flag) for the transaction. */
export async function lockCustomer(trx: Tx, customerId: string): Promise<void> {
  await sql`select 1 from customers where id = ${customerId} for update`.execute(trx);
}

/** The lowest of the four slots no active card holds, or null when all are taken. */
export function freeSlot(active: CardRow[]): number | null {
  const taken = new Set(active.map((c) => c.slot));
  for (let slot = 1; slot <= MAX_CARDS_IN_ALL; slot++) if (!taken.has(slot)) return slot;
  return null;
}

export type NewCardRow = Insertable<CardsTable> & { id: string; is_default: boolean };

export function insertCard(trx: Tx, row: NewCardRow): Promise<CardRow> {
  return trx.insertInto('cards').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function clearDefault(trx: Tx, customerId: string): Promise<void> {
  await trx
    .updateTable('cards')
    .set({ is_default: false, updated_at: sql`now()` })
    .where('customer_id', '=', customerId)
    .where('is_default', '=', true)
    .where('removed_at', 'is', null)
    .execute();
}

export function updateCardRow(
  trx: Tx,
  cardId: string,
  changes: Partial<
    Pick<
      CardsTable,
      | 'expiration_month'
      | 'expiration_year'
      | 'address1'
      | 'address2'
      | 'locality'
      | 'administrative_area'
      | 'postal_code'
    >
  > & { is_default?: boolean; charge_and_pay?: boolean },
): Promise<CardRow> {
  return trx
    .updateTable('cards')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', cardId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removal keeps the row (payments will reference it) and frees its slot. */
export async function markRemoved(trx: Tx, cardId: string, at: Date): Promise<void> {
  await trx
    .updateTable('cards')
    .set({ removed_at: at, is_default: false, updated_at: sql`now()` })
    .where('id', '=', cardId)
    .execute();
}

export async function logCardEvent(trx: Tx, message: string, actor: string, data: Record<string, unknown>) {
  await trx
    .insertInto('event_log')
    .values({ stream: 'cards', message, actor, data: JSON.stringify(data) })
    .execute();
}

/** The database refused a 4th active card in Charge & Pay (migration 0106's check). */
export function isLimitViolation(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23514' && e.constraint === 'cards_charge_and_pay_limit';
}

/** True when `err` is a unique violation on the named index. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && e.constraint === constraint;
}
