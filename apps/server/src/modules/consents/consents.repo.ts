import { cardName } from '@pria/contracts';
import type { ConsentRecordView } from '@pria/contracts/legal/documents';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

interface Row {
  id: string;
  document: ConsentRecordView['document'];
  version: string;
  context: ConsentRecordView['context'];
  accepted_at: Date;
  ip: string | null;
  brand: string | null;
  last_four: string | null;
}

/** Every consent an identity gave, oldest first (sign-up ones come before the customer record). */
export async function listConsents(
  db: Db,
  who: { issuer: string; subject: string },
): Promise<ConsentRecordView[]> {
  const res = await sql<Row>`
    select r.id, r.document, r.version, r.context, r.accepted_at, r.ip, c.brand, c.last_four
    from consent_records r left join cards c on c.id = r.card_id
    where r.issuer = ${who.issuer} and r.subject = ${who.subject}
    order by r.accepted_at, r.id`.execute(db);
  return res.rows.map((r) => ({
    id: Number(r.id),
    document: r.document,
    version: r.version,
    context: r.context,
    acceptedAt: r.accepted_at.toISOString(),
    ip: r.ip,
    card: r.brand && r.last_four ? cardName({ brand: r.brand, lastFour: r.last_four }) : null,
  }));
}

/** Whether the customer has something the recurring-charge authorization covers: a card or a plan. */
export async function needsRecurringConsent(db: Db, customerId: string): Promise<boolean> {
  const res = await sql<{ yes: boolean }>`
    select exists (select 1 from cards where customer_id = ${customerId} and removed_at is null)
        or exists (select 1 from subscriptions where customer_id = ${customerId} and status <> 'inactive') as yes`.execute(
    db,
  );
  return res.rows[0]?.yes ?? false;
}
