import { formatDateTime } from '@pria/contracts';
import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';
import type { Dataset, DatasetName } from './collect-customer-data.ts';

const README = (generatedAt: string) => `Your data at Pria
=================

Prepared ${generatedAt} at your request.

Each file comes twice: json/<name>.json (for programs) and csv/<name>.csv (for spreadsheets).

profile                 your name, email, phone and address
cards                   your cards: brand and last four digits only (Pria never stores card numbers)
subscription_history    your plan, its charges and the changes to it
charges                 every charge: the monthly $3 and plan charges, with their outcome
paybacks                every pay-back of a $3 charge to your card
refunds, disputes       refunds we made and disputes you opened with your bank
notices, messages       the notices we sent you, and every email, text and push message (subjects only)
sign_ins                sign-ins to your account, step by step: when, from which address and browser
                        (with two-step sign-in on, "Password accepted" is followed by the second step)
notification_settings   what you chose to hear about, by email, text and push
push_devices            the devices that receive Pria's push notifications
consents                the terms, privacy policy and recurring-charge disclosure you accepted, when and from where

Amounts: *_cents in US cents; "amount" in dollars. Times: ISO 8601 with New York's offset
(-05:00 in winter, -04:00 in summer), so each date is the one Pria shows you.
Questions: reply to the email that brought you this file, or write to support.
`;

/** The ZIP a customer downloads: a README, then each dataset as JSON and as CSV. */
export function buildExportZip(datasets: [DatasetName, Dataset][], generatedAt: Date): Buffer {
  const files: Record<string, Uint8Array> = { 'README.txt': strToU8(README(formatDateTime(generatedAt))) };
  for (const [name, rows] of datasets) {
    files[`json/${name}.json`] = strToU8(`${JSON.stringify(rows, null, 2)}\n`);
    const columns = rows[0] ? Object.keys(rows[0]) : ['(none)'];
    files[`csv/${name}.csv`] = strToU8(
      stringify(rows, { header: true, columns, cast: { boolean: (b) => String(b) } }),
    );
  }
  return Buffer.from(zipSync(files, { level: 6, mtime: generatedAt }));
}
