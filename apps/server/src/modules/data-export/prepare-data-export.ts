import { createHash, randomBytes } from 'node:crypto';
import { DATA_EXPORT_DAYS, formatDateTime, type Language } from '@pria/contracts';
import { customerEmails } from '@pria/contracts/i18n/customer-emails';
import { localeOf, translator } from '@pria/contracts/i18n/format';
import { DateTime } from 'luxon';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { accountLanguage } from '../../platform/language.ts';
import type { Logger } from '../../platform/logger.ts';
import { enqueueEmail } from '../../platform/outbox.ts';
import { buildExportZip } from './build-export-zip.ts';
import { collectDataset, DATASETS, type Dataset, type DatasetName } from './collect-customer-data.ts';
import {
  claimExportRequest,
  expireExports,
  markExportFailed,
  markExportReady,
  setExportProgress,
} from './data-export.repo.ts';
import { logExportEvent } from './log-export-event.ts';

export interface DataExportDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** The email's link points here. */
  publicUrl: string;
}

/** A request whose worker died is taken over after this. */
const LEASE_MS = 10 * 60_000;
/** Tries before a request is marked failed (the customer may then ask again at once). */
const MAX_ATTEMPTS = 3;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The worker's step: expire old files, then prepare due requests one by one (any number of workers:
 * each request is claimed with SKIP LOCKED). Each dataset collected moves the progress the customer
 * sees; the ZIP, its token hash and the "ready" email commit together. Returns how many were prepared.
 */
export async function prepareDueDataExports(
  deps: DataExportDeps,
  opts: { limit?: number } = {},
): Promise<number> {
  await expireExports(deps.db, deps.clock.now());
  let prepared = 0;
  for (let i = 0; i < (opts.limit ?? 5); i++) {
    const now = deps.clock.now();
    const claimed = await claimExportRequest(deps.db, {
      now,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
    });
    if (!claimed) break;
    try {
      await prepareOne(deps, claimed.id, claimed.customer_id);
      prepared++;
    } catch (err) {
      const giveUp = claimed.attempts >= MAX_ATTEMPTS;
      deps.logger.error({ err, requestId: claimed.id, giveUp }, 'could not prepare a data export');
      await markExportFailed(deps.db, claimed.id, String(err).slice(0, 500), giveUp);
    }
  }
  return prepared;
}

async function prepareOne(deps: DataExportDeps, id: string, customerId: string): Promise<void> {
  const datasets: [DatasetName, Dataset][] = [];
  for (const [i, name] of DATASETS.entries()) {
    datasets.push([name, await collectDataset(deps.db, customerId, name)]);
    // The last step (the ZIP itself) is the remaining 10 %.
    await setExportProgress(deps.db, id, Math.floor(((i + 1) / DATASETS.length) * 90));
  }
  const readyAt = deps.clock.now();
  const file = buildExportZip(datasets, readyAt);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = DateTime.fromJSDate(readyAt).plus({ days: DATA_EXPORT_DAYS }).toJSDate();
  await deps.db.transaction().execute(async (tx) => {
    if (!(await markExportReady(tx, id, { file, tokenHash: hashToken(token), readyAt, expiresAt }))) return;
    await logExportEvent(tx, customerId, 'data export ready', { requestId: id, bytes: file.length });
    const customer = await tx
      .selectFrom('customers')
      .select(['issuer', 'subject', 'email', 'email_verified', 'first_name'])
      .where('id', '=', customerId)
      .executeTakeFirst();
    // NOTE: only a verified address: the link opens the customer's whole file.
    if (customer?.email && customer.email_verified) {
      await enqueueEmail(tx, {
        ...readyEmail(deps.publicUrl, customer.email, customer.first_name, token, expiresAt, id, {
          lang: await accountLanguage(tx, { issuer: customer.issuer, subject: customer.subject }),
        }),
        account: { issuer: customer.issuer, subject: customer.subject },
      });
    }
  });
}

function readyEmail(
  publicUrl: string,
  to: string,
  firstName: string | null,
  token: string,
  expiresAt: Date,
  id: string,
  /** In the account's language (ADR 74). */
  opts: { lang: Language },
) {
  const { lang } = opts;
  const t = translator(customerEmails, lang);
  const link = `${publicUrl}/dashboard/account/privacy?export=${token}`;
  // Word for word what the privacy screen says (issue 40: the screen said UTC, the email New York).
  const until = formatDateTime(expiresAt, 'long', localeOf[lang]);
  return {
    to: to.toLowerCase(),
    subject: t('export.subject'),
    text: [
      t('export.greeting', { hasName: firstName === null ? 'no' : 'yes', firstName: firstName ?? '' }),
      '',
      t('export.ready'),
      link,
      '',
      t('export.howTo', { until }),
      t('export.notYou'),
      '',
      'Pria',
    ].join('\n'),
    dedupeKey: `data-export:${id}:ready`,
  };
}
