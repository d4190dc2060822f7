import type { Language } from '../languages.ts';
import { recurringDisclosure } from './recurring-disclosure.ts';

/**
 * The documents a customer agrees to (issue 32), each with every version it has had, oldest
 * first. A consent record names the version the customer accepted. Changing a text means adding a
 * version here, with a one-line "what changed" and the SHA-256 of the new text: a test recomputes
 * each text's hash (apps/web/src/features/legal/legal-versions.test.ts) and fails when a text
 * changed and its latest version did not. Customers whose accepted version is older are asked to
 * accept the new one, and see its summary.
 */
export const legalDocumentIds = ['terms', 'privacy', 'recurring'] as const;
export type LegalDocumentId = (typeof legalDocumentIds)[number];

export interface LegalVersion {
  version: string;
  /** What changed from the version before (for the first: what it is). */
  summary: string;
  /** SHA-256 (hex) of the text as shown, whitespace collapsed. */
  textSha256: string;
}

export interface LegalDocument {
  title: string;
  /** Where the customer reads it. */
  url: string;
  /**
   * The languages it is published in (issue 42): a reader of another language is shown English,
   * and their consent records English as the language of the version accepted.
   */
  languages: readonly Language[];
  versions: LegalVersion[];
}

export const legalDocuments: Record<LegalDocumentId, LegalDocument> = {
  terms: {
    title: 'Terms of Service',
    url: '/terms',
    languages: ['en', 'es'],
    versions: [
      {
        version: '2022-01-04',
        summary: 'The terms of service as first published.',
        textSha256: '1880b6525b1339237505c549aa0cbeb11af67328a155851c394ea70a1063c7c5',
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    url: '/policy',
    languages: ['en', 'es'],
    versions: [
      {
        version: '2022-01-01',
        summary: 'The privacy policy as first published.',
        textSha256: '5762ec2107360e259517f27503d59b39642d98017b9b8f273571602299c4c03a',
      },
    ],
  },
  recurring: {
    title: 'Recurring-charge authorization',
    url: '/dashboard/account/privacy',
    // Shown in Spanish too (the checkout's terms, the card authorization): a translation of the same
    // version, the English governing as for the other documents.
    languages: ['en', 'es'],
    versions: [
      {
        version: recurringDisclosure.version,
        summary:
          'You authorize Pria to keep your card on file for the $3 monthly charges and your plan renewals, until you cancel.',
        textSha256: '1ba026bba57abdda89b3c6920dee288f4d8f8080eef7aa24c2b038537342e82f',
      },
    ],
  },
};

/** The language a reader of `language` is shown `id` in: theirs when it is published in it, else English. */
export function legalLanguage(id: LegalDocumentId, language: Language): Language {
  return legalDocuments[id].languages.includes(language) ? language : 'en';
}

export function currentLegalVersion(id: LegalDocumentId): LegalVersion {
  const versions = legalDocuments[id].versions;
  const last = versions[versions.length - 1];
  if (!last) throw new Error(`${id}: no version`);
  return last;
}

/** Where a consent was given. */
export const consentContexts = ['sign-up', 'checkout', 'card', 'update'] as const;
export type ConsentContext = (typeof consentContexts)[number];

/** A consent as the customer (Account → Privacy) and staff (client detail) read it. */
export interface ConsentRecordView {
  id: number;
  document: LegalDocumentId;
  version: string;
  context: ConsentContext;
  acceptedAt: string;
  ip: string | null;
  /** A card's consent: which card (brand and last four). */
  card: string | null;
}

/** GET /account/consents */
export interface ConsentsView {
  /** Each document's current version, whether the caller has accepted it, and what changed. */
  documents: {
    id: LegalDocumentId;
    title: string;
    url: string;
    version: string;
    summary: string;
    accepted: boolean;
    /** The customer needs to accept it (an older version accepted, or none where one is needed). */
    pending: boolean;
  }[];
  records: ConsentRecordView[];
}

/** The stored-credential consent for one card (Visa/Mastercard require it for merchant-initiated charges). */
export function cardAuthorizationText(card: string, language: Language = 'en'): string {
  if (language === 'es') {
    return (
      `Al agregar ${card}, usted autoriza a Pria a guardarla y a hacerle un cargo de $3 el día 28 de cada mes mientras ` +
      'su plan esté activo (que se le abona en la misma tarjeta el día 2 del mes siguiente), y a cobrarle en ella las ' +
      'renovaciones de su plan si es la tarjeta que paga el plan. Puede eliminar la tarjeta o cancelar en cualquier ' +
      'momento en Configuración de la cuenta.'
    );
  }
  return (
    `By adding ${card}, you authorize Pria to store it and charge it $3 on the 28th of each month while your plan ` +
    'is active (paid back to the same card on the 2nd of the next month), and to charge your plan renewals to it ' +
    'if it is your funding card. You can remove the card or cancel anytime in Account Settings.'
  );
}
