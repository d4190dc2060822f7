import type { Language } from '../languages.ts';
import { recurringDisclosureVersion } from './recurring-version.ts';

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

/**
 * A text of the registry in each language the app speaks (issue 42): the English and its Spanish
 * side by side, so a new version or document comes with both.
 */
export type LegalWords = Readonly<Record<Language, string>>;

export interface LegalVersion {
  version: string;
  /**
   * What changed from the version before (for the first: what it is), told to each reader in their
   * language, whatever languages the document itself is published in.
   */
  summary: LegalWords;
  /** SHA-256 (hex) of the text as shown, whitespace collapsed. */
  textSha256: string;
}

export interface LegalDocument {
  /**
   * Its name: the legal pages' own titles (docs/glossary-es.md: the footer, the sign-up page and
   * the Spanish pages name them so); a document published in English only would be named in Spanish too.
   */
  title: LegalWords;
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
    title: { en: 'Terms of Service', es: 'Términos del Servicio' },
    url: '/terms',
    languages: ['en', 'es'],
    versions: [
      {
        version: '2022-01-04',
        summary: {
          en: 'The terms of service as first published.',
          es: 'Los términos del servicio tal como se publicaron por primera vez.',
        },
        textSha256: '1880b6525b1339237505c549aa0cbeb11af67328a155851c394ea70a1063c7c5',
      },
    ],
  },
  privacy: {
    title: { en: 'Privacy Policy', es: 'Política de Privacidad' },
    url: '/policy',
    languages: ['en', 'es'],
    versions: [
      {
        version: '2022-01-01',
        summary: {
          en: 'The privacy policy as first published.',
          es: 'La política de privacidad tal como se publicó por primera vez.',
        },
        textSha256: '5762ec2107360e259517f27503d59b39642d98017b9b8f273571602299c4c03a',
      },
    ],
  },
  recurring: {
    title: { en: 'Recurring-charge authorization', es: 'Autorización de cargos recurrentes' },
    url: '/dashboard/account/privacy',
    // Shown in Spanish too (the checkout's terms, the card authorization): a translation of the same
    // version, the English governing as for the other documents.
    languages: ['en', 'es'],
    versions: [
      {
        version: recurringDisclosureVersion,
        summary: {
          en: 'You authorize Pria to keep your card on file for the $3 monthly charges and your plan renewals, until you cancel.',
          es: 'Usted autoriza a Pria a mantener su tarjeta registrada para los cargos mensuales de $3 y las renovaciones de su plan, hasta que cancele.',
        },
        textSha256: '1ba026bba57abdda89b3c6920dee288f4d8f8080eef7aa24c2b038537342e82f',
      },
    ],
  },
};

/** The language a reader of `language` is shown `id` in: theirs when it is published in it, else English. */
export function legalLanguage(id: LegalDocumentId, language: Language): Language {
  return legalDocuments[id].languages.includes(language) ? language : 'en';
}

/** What version `version` of `id` changed, in `language` (none for a version this registry does not hold). */
export function legalSummary(id: LegalDocumentId, version: string, language: Language): string | undefined {
  return legalDocuments[id].versions.find((v) => v.version === version)?.summary[language];
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
