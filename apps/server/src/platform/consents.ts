import type { Language } from '@pria/contracts';
import {
  type ConsentContext,
  currentLegalVersion,
  type LegalDocumentId,
  legalLanguage,
} from '@pria/contracts/legal/documents';
import type { FastifyRequest } from 'fastify';
import type { Db } from './db.ts';
import { chosenLanguage, requestLanguage } from './language.ts';

/** Who gave a consent and from where: the identity, and the client's address and browser. */
export interface ConsentGiver {
  issuer: string;
  subject: string;
  customerId?: string | null;
  ip: string | null;
  userAgent: string | null;
  /**
   * The language the request's pages were in (its cookie or Accept-Language, ADR 74); the
   * customer's own choice, when they made one, wins: the app showed them that language.
   */
  language?: Language;
}

/** The client side of a request, as a consent records it. */
export function clientOf(req: FastifyRequest): {
  ip: string | null;
  userAgent: string | null;
  language: Language;
} {
  return {
    ip: req.ip ?? null,
    userAgent: req.headers['user-agent']?.slice(0, 512) ?? null,
    language: requestLanguage(req.headers),
  };
}

/**
 * Records that the giver accepted the CURRENT version of each document, in the language they read
 * it in, in the caller's transaction (with the sign-up, the checkout or the card it belongs to). The one writer of
 * consent_records: the identity provider, cards, subscriptions and the consents module call it.
 */
export async function recordConsents(
  db: Db,
  giver: ConsentGiver,
  c: {
    documents: LegalDocumentId[];
    context: ConsentContext;
    cardId?: string | null;
    subscriptionId?: string | null;
    at?: Date;
  },
): Promise<void> {
  if (c.documents.length === 0) return;
  // The language of the version accepted (issue 42): the one its reader was shown, where the
  // document is published in it (legalLanguage), else English.
  const reads = (await chosenLanguage(db, giver)) ?? giver.language ?? 'en';
  await db
    .insertInto('consent_records')
    .values(
      c.documents.map((document) => ({
        issuer: giver.issuer,
        subject: giver.subject,
        customer_id: giver.customerId ?? null,
        document,
        version: currentLegalVersion(document).version,
        context: c.context,
        card_id: c.cardId ?? null,
        subscription_id: c.subscriptionId ?? null,
        ip: giver.ip,
        user_agent: giver.userAgent,
        language: legalLanguage(document, reads),
        ...(c.at ? { accepted_at: c.at } : {}),
      })),
    )
    .execute();
}
