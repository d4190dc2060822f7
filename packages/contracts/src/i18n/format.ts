import { IntlMessageFormat } from 'intl-messageformat';
import type { Language } from '../language.ts';
import { languageTags } from '../languages.ts';

/**
 * The server's messages in English and Spanish (issue 42, ADR 71, ADR 74): ICU messages in
 * catalogs keyed by stable ids, one catalog per use (the sign-in pages, the account emails, the
 * security notices…), both languages side by side, formatted with `intl-messageformat`
 * (FormatJS: the ICU syntax of the web's catalogs). Plurals and selects are written in the
 * message, never put together from pieces. Dates and amounts arrive already written by the
 * calendar (`formatDate(…, locale)`, New York's day) and `formatUsd`, so each language's reader
 * gets the one format the rest of Pria shows them.
 *
 * Kept out of the package's index on purpose: the web app imports the index, and the formatter
 * belongs to the server (the web has its own catalogs).
 */

/** The calendar's locale of each language: the languages' own tags (one table, `languages.ts`). */
export const localeOf = languageTags;

/** A catalog: every id in English, the same ids in Spanish (the type holds them to the same keys). */
export interface Catalog<Id extends string = string> {
  en: Record<Id, string>;
  es: Record<Id, string>;
}

/** Declares a catalog: the English messages name the ids, and the Spanish must have exactly those. */
export function defineCatalog<const En extends Record<string, string>>(c: {
  en: En;
  es: { [K in keyof En]: string };
}): Catalog<Extract<keyof En, string>> {
  return c as Catalog<Extract<keyof En, string>>;
}

export type MessageValue = string | number | Date;
export type MessageValues = Record<string, MessageValue>;

/** A message is parsed once per language and kept (parsing is the costly part). */
const compiled = new WeakMap<Record<string, string>, Map<string, IntlMessageFormat>>();

function compile(messages: Record<string, string>, language: Language, id: string): IntlMessageFormat {
  let byId = compiled.get(messages);
  if (!byId) {
    byId = new Map();
    compiled.set(messages, byId);
  }
  let mf = byId.get(id);
  if (!mf) {
    const source = messages[id];
    if (source === undefined) throw new RangeError(`No message ${id} in ${language}`);
    mf = new IntlMessageFormat(source, localeOf[language]);
    byId.set(id, mf);
  }
  return mf;
}

/** One message as text, in the reader's language. */
export function formatMessage<Id extends string>(
  catalog: Catalog<Id>,
  language: Language,
  id: Id,
  values?: MessageValues,
): string {
  const out = compile(catalog[language], language, id).format<string>(values);
  return Array.isArray(out) ? out.join('') : String(out);
}

/** A value already written as HTML (a link we built), put into an HTML message as is. */
export interface RawHtml {
  readonly html: string;
}
export const rawHtml = (html: string): RawHtml => ({ html });

/** An ICU tag's value in an HTML message: its words (escaped) wrapped in markup we write. */
export type HtmlTag = (chunks: (string | RawHtml)[]) => RawHtml;
export type HtmlValue = MessageValue | RawHtml | HtmlTag;

export const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const htmlOf = (parts: (string | RawHtml)[]) =>
  parts.map((p) => (typeof p === 'string' ? escapeHtml(p) : p.html)).join('');

/** `<a>…</a>` in a message becomes this element, its words escaped: `wrap('<a href="…">', '</a>')`. */
export const wrap =
  (open: string, close: string): HtmlTag =>
  (chunks) =>
    rawHtml(`${open}${htmlOf(chunks)}${close}`);

/**
 * One message as HTML: the message's words and every plain value escaped, `rawHtml` values and
 * tags (markup we write) put in as they are. A message carries no markup of its own, only ICU
 * tags (`<a>…</a>`) that the caller turns into elements.
 */
export function formatHtml<Id extends string>(
  catalog: Catalog<Id>,
  language: Language,
  id: Id,
  values: Record<string, HtmlValue> = {},
): string {
  // Plain values come out as literal parts (escaped with the message's words); a RawHtml, and
  // a tag's result, as object parts kept as written.
  const parts = compile(catalog[language], language, id).formatToParts<RawHtml>(
    values as Record<string, MessageValue | RawHtml | ((chunks: (string | RawHtml)[]) => RawHtml)>,
  );
  return htmlOf(parts.map((p) => p.value as string | RawHtml));
}

/** A catalog bound to one reader's language: `t('id', values)`. */
export function translator<Id extends string>(catalog: Catalog<Id>, language: Language) {
  const t = (id: Id, values?: MessageValues) => formatMessage(catalog, language, id, values);
  t.html = (id: Id, values?: Record<string, HtmlValue>) => formatHtml(catalog, language, id, values);
  t.language = language;
  return t;
}
export type Translator<Id extends string> = ReturnType<typeof translator<Id>>;
