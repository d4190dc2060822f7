import { isStaffRole } from '@pria/contracts';
import {
  type ConsentRecordView,
  type ConsentsView,
  currentLegalVersion,
  legalDocumentIds,
  legalDocuments,
} from '@pria/contracts/legal/documents';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { currentCustomer } from '../customers/index.ts';
import { listConsents, needsRecurringConsent } from './consents.repo.ts';

/**
 * What the caller agreed to, and what is waiting for them: a document is pending when its current
 * version is not among the versions they accepted (the terms and privacy policy always apply; the
 * recurring-charge authorization once they have a card or a plan). A staff account holds neither
 * (customers' `payingCustomer`), so that authorization is not listed for it at all.
 */
export async function getOwnConsents(db: Db, principal: Principal): Promise<ConsentsView> {
  const customer = await currentCustomer(db, principal);
  const records = [...(await listConsents(db, principal))].reverse();
  if (principal.roles.some(isStaffRole)) {
    return { documents: documentsFor(records, false).filter((d) => d.id !== 'recurring'), records };
  }
  const recurringApplies = await needsRecurringConsent(db, customer.id);
  return { documents: documentsFor(records, recurringApplies), records };
}

/** The documents' names and "what changed" in English, as documented; the web app shows its reader's (the registry's). */
export function documentsFor(
  records: ConsentRecordView[],
  recurringApplies: boolean,
): ConsentsView['documents'] {
  return legalDocumentIds.map((id) => {
    const current = currentLegalVersion(id);
    const accepted = records.some((r) => r.document === id && r.version === current.version);
    const applies = id !== 'recurring' || recurringApplies;
    return {
      id,
      title: legalDocuments[id].title.en,
      url: legalDocuments[id].url,
      version: current.version,
      summary: current.summary.en,
      accepted,
      pending: applies && !accepted,
    };
  });
}
