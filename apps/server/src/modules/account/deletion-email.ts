import { formatDate, type Language } from '@pria/contracts';
import { customerEmails } from '@pria/contracts/i18n/customer-emails';
import { localeOf, translator } from '@pria/contracts/i18n/format';
import { planNameFromStored } from '@pria/contracts/i18n/plan-names';
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
  /** The account's language, read before the deletion's steps erase the account (ADR 74). */
  lang: Language = 'en',
) {
  if (!customer.email) return;
  const t = translator(customerEmails, lang);
  const plan = planEnded
    ? t('deleted.planEnded', {
        planName: planNameFromStored(planEnded.planName, lang, 'inSentence'),
        paidUntil: formatDate(planEnded.paidUntil, 'long', localeOf[lang]),
      })
    : null;
  const text = [
    t('deleted.lead'),
    '',
    t('deleted.erased'),
    ...(plan ? [plan] : []),
    t('deleted.paidBack'),
    t('deleted.records'),
    '',
    t('deleted.notYou', { supportEmail }),
  ].join('\n');
  await enqueueEmail(db, {
    to: customer.email,
    subject: t('deleted.subject'),
    text,
    dedupeKey: `account-deleted:${customer.id}`,
    account: { issuer: customer.issuer, subject: customer.subject },
  });
}
