import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DATA_EXPORT_MIN_HOURS_BETWEEN, dataExportMessages } from '@pria/contracts/data-export';

const hoursBetween = DATA_EXPORT_MIN_HOURS_BETWEEN;

/**
 * The contracts' words of "Download my data" (the request's answer and its refusals, shown as toasts),
 * in the customer catalog. Added to the app's lookup when Account → Privacy loads (mutations.ts), so
 * the area's first load does not carry them; the English is the contracts' own, word for word
 * (src/app/i18n/contract-messages.test.ts).
 */
export const privacyContractMessages: ReadonlyMap<string, MessageDescriptor> = new Map<
  string,
  MessageDescriptor
>([
  [
    dataExportMessages.requested,
    msg`We're preparing your data. We'll email you when it's ready to download.`,
  ],
  [dataExportMessages.alreadyPreparing, msg`Your data is already being prepared.`],
  [
    dataExportMessages.tooSoon,
    msg`You can request your data once every ${hoursBetween} hours. Please try again later.`,
  ],
  [
    dataExportMessages.linkInvalid,
    msg`This download link has expired or was already used. Request your data again.`,
  ],
]);
