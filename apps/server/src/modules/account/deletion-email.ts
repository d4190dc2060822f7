import { formatDate } from '@pria/contracts';
import type { Db } from '../../platform/db.ts';
import { enqueueEmail } from '../../platform/outbox.ts';

/**
 * The confirmation that the account is gone (issue 29: a deletion sent nothing). Queued in the
 * deleting transaction, to the address the account had, before it is erased; once per customer.
 * It says what became of money already paid (issue 40): the plan it ended before the end of the
 * period paid for, and that every $3 charged was paid back (deletion waits until it is).
 */
export async function queueDeletionEmail(
  db: Db,
  customer: { id: string; issuer: string; subject: string; email: string | null },
  supportEmail: string,
  planEnded: { planName: string; paidUntil: Date } | null = null,
) {
  if (!customer.email) return;
  const plan = planEnded
    ? `Your ${planEnded.planName} plan ended today, before the end of the period you paid for (${formatDate(planEnded.paidUntil)}); the rest of that period is not refunded.`
    : null;
  const text = [
    'Your Pria account is deleted.',
    '',
    'We erased your name, address, phone number and sign-in, removed your cards from our payment processor, and cancelled your plan: nothing more will be charged.',
    ...(plan ? [plan] : []),
    'Every $3.00 Charge & Pay charge we made was paid back to your card before your account was deleted.',
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
