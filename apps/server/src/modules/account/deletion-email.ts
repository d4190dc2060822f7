import type { Db } from '../../platform/db.ts';
import { enqueueEmail } from '../../platform/outbox.ts';

/**
 * The confirmation that the account is gone (issue 29: a deletion sent nothing). Queued in the
 * deleting transaction, to the address the account had, before it is erased; once per customer.
 */
export async function queueDeletionEmail(
  db: Db,
  customer: { id: string; issuer: string; subject: string; email: string | null },
  supportEmail: string,
) {
  if (!customer.email) return;
  const text = [
    'Your Pria account is deleted.',
    '',
    'We erased your name, address, phone number and sign-in, removed your cards from our payment processor, and cancelled your plan: nothing more will be charged.',
    'We keep the record of past payments (amounts, dates, the last four digits of the card) for as long as the law requires.',
    '',
    `If you did not ask for this, contact us at ${supportEmail}.`,
  ].join('\n');
  await enqueueEmail(db, {
    to: customer.email,
    subject: 'Your Pria account is deleted',
    text,
    dedupeKey: `account-deleted:${customer.id}`,
    account: { issuer: customer.issuer, subject: customer.subject },
  });
}
