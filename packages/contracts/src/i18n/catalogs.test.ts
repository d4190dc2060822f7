import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { legalDocuments } from '../legal/documents.ts';
import { messages } from '../messages.ts';
import { apiMessages } from './api-messages.ts';
import { serverCatalogs } from './catalogs.ts';
import { formatHtml, formatMessage, wrap } from './format.ts';
import { idpPages } from './idp-pages.ts';
import { lifecycleNotices } from './lifecycle-notices.ts';
import { moneyNotices } from './money-notices.ts';
import { securityNotices } from './security-notices.ts';

/** The ICU parser's element types (@formatjs/icu-messageformat-parser's TYPE). */
const ARGUMENT = 1;
const NUMBER = 2;
const DATE = 3;
const TIME = 4;
const SELECT = 5;
const PLURAL = 6;
const TAG = 8;

interface Element {
  type: number;
  value?: string;
  options?: Record<string, { value: Element[] }>;
  children?: Element[];
}

/** Every parameter a message uses, with its kind ("count: plural", "<a>: tag"). */
function parametersOf(elements: Element[], into = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === ARGUMENT) into.add(`${e.value}: text`);
    else if (e.type === NUMBER || e.type === PLURAL) into.add(`${e.value}: number`);
    else if (e.type === DATE || e.type === TIME) into.add(`${e.value}: date`);
    else if (e.type === SELECT)
      into.add(
        `${e.value}: select ${Object.keys(e.options ?? {})
          .sort()
          .join('|')}`,
      );
    else if (e.type === TAG) into.add(`<${e.value}>: tag`);
    for (const option of Object.values(e.options ?? {})) parametersOf(option.value, into);
    if (e.children) parametersOf(e.children, into);
  }
  return into;
}

const parse = (message: string) => new IntlMessageFormat(message, 'en-US').getAst() as unknown as Element[];

const entries = Object.entries(serverCatalogs);

describe("the server's message catalogs", () => {
  it.each(entries)('%s: English and Spanish have the same ids', (_name, catalog) => {
    expect(Object.keys(catalog.es).sort()).toEqual(Object.keys(catalog.en).sort());
  });

  it.each(entries)(
    '%s: every message parses, and both languages take the same parameters',
    (_name, catalog) => {
      for (const [id, english] of Object.entries(catalog.en)) {
        const spanish = catalog.es[id] ?? '';
        expect(spanish, id).not.toBe('');
        const want = [...parametersOf(parse(english))].sort();
        expect([...parametersOf(parse(spanish))].sort(), id).toEqual(want);
      }
    },
  );

  it.each(entries)('%s: no Spanish message is left in English', (_name, catalog) => {
    // Words that are the same in both languages are few and short ("Pria", "Email" is not one).
    const same = Object.keys(catalog.en).filter(
      (id) => catalog.en[id] === catalog.es[id] && (catalog.en[id] ?? '').length > 12,
    );
    expect(same).toEqual([]);
  });

  it.each(entries)(
    "%s: Spanish says New York's time as the glossary does (hora de Nueva York, never hora del Este or ET)",
    (_name, catalog) => {
      // The glossary keeps "hora del Este" for the public site's "4pm Eastern"; the server speaks to
      // signed-in customers, in emails and on documents.
      const eastern = Object.entries(catalog.es).filter(([, text]) => /hora del Este|\bET\b/i.test(text));
      expect(eastern).toEqual([]);
    },
  );
});

describe('formatting a message', () => {
  it("names the legal documents as their pages do (the sign-up's checkbox links them)", () => {
    for (const lang of ['en', 'es'] as const) {
      expect(idpPages[lang]['legal.terms']).toBe(legalDocuments.terms.title[lang]);
      expect(idpPages[lang]['legal.privacy']).toBe(legalDocuments.privacy.title[lang]);
    }
  });

  it("says the fraud notice in the lifecycle emails in the contracts' own English words", () => {
    expect(lifecycleNotices.en.fraudNotice).toBe(messages.fraudNotice);
    expect(moneyNotices.en.fraudNotice).toBe(messages.fraudNotice);
  });

  it("holds the API's refusals to the contracts' own English words, id by id", () => {
    for (const [id, english] of Object.entries(apiMessages.en)) {
      expect(english, id).toBe(messages[id as keyof typeof messages]);
    }
  });

  it('writes plurals in each language from ICU, never from pieces', () => {
    const left = (lang: 'en' | 'es', n: number) =>
      formatMessage(securityNotices, lang, 'sms.codesLeft', { n });
    expect([0, 1, 2].map((n) => left('en', n))).toEqual([
      'No recovery codes left.',
      '1 recovery code left.',
      '2 recovery codes left.',
    ]);
    expect([0, 1, 2].map((n) => left('es', n))).toEqual([
      'No le quedan códigos de recuperación.',
      'Le queda 1 código de recuperación.',
      'Le quedan 2 códigos de recuperación.',
    ]);
  });

  it('writes the same message in each language with its values', () => {
    expect(formatMessage(idpPages, 'en', 'checkEmail.resent', { email: 'ann@example.com' })).toBe(
      'We sent a new link to ann@example.com.',
    );
    expect(formatMessage(idpPages, 'es', 'checkEmail.resent', { email: 'ann@example.com' })).toBe(
      'Le enviamos un enlace nuevo a ann@example.com.',
    );
  });

  it('escapes the words and values of an HTML message and keeps the markup its tags are given', () => {
    const html = formatHtml(idpPages, 'es', 'checkEmail.sub', {
      email: '<b>"x"&y</b>@example.com',
      strong: wrap('<strong>', '</strong>'),
    });
    expect(html).toBe(
      'Le enviamos un correo a <strong>&lt;b&gt;&quot;x&quot;&amp;y&lt;/b&gt;@example.com</strong>. Abra el enlace que contiene para confirmar su dirección y luego inicie sesión para continuar.',
    );
  });
});
