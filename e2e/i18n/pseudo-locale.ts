import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import type { Page } from '@playwright/test';
import pseudolocale from 'pseudolocale';

/**
 * A pseudo-locale for the customer pages (issue 42): every message of the web's English catalogs,
 * accented (so a word left in plain English stands out) and 40 % longer (as Spanish and German run),
 * served to the browser in place of the Spanish catalogs. Nothing of it is in the app: the test
 * picks Spanish and answers the Spanish catalogs' requests with these.
 */
const web = path.resolve(import.meta.dirname, '../../apps/web');

interface PoEntry {
  message: string;
  context?: string;
}

/** Every entry of a PO file: its message and context (Lingui's id is made of both). */
function poEntries(file: string): PoEntry[] {
  const unquote = (lines: string) =>
    [...lines.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`)).join('');
  const entries: PoEntry[] = [];
  for (const block of readFileSync(file, 'utf8').split(/\n\n+/)) {
    const id = /^msgid ((?:".*"\n?)+)/m.exec(block);
    const context = /^msgctxt ((?:".*"\n?)+)/m.exec(block);
    const message = id ? unquote(id[1] ?? '') : '';
    if (message) entries.push({ message, context: context ? unquote(context[1] ?? '') : undefined });
  }
  return entries;
}

/** A text 40 % longer and accented: each word grows by its last letter, so lines still break between words. */
export function pseudo(text: string): string {
  const longer = text.replace(
    /\p{L}+/gu,
    (word) => word + (word.at(-1) ?? '').repeat(Math.ceil(word.length * 0.4)),
  );
  // pseudolocale leaves v and x plain: accented here, so no pseudo word reads as plain letters.
  const plain: Record<string, string> = { v: 'ṽ', V: 'Ṽ', x: 'ẋ', X: 'Ẋ' };
  return pseudolocale(longer, { prepend: '', append: '' }).replace(/[vVxX]/g, (c) => plain[c] ?? c);
}

type Area = 'public' | 'customer' | 'account';
const areas: readonly Area[] = ['public', 'customer', 'account'];

/** A catalog module as the build emits one (`export { messages }`), its messages pseudo-localised. */
function pseudoCatalog(area: Area): string {
  const messages = Object.fromEntries(
    poEntries(path.join(web, `src/locales/en/${area}.po`)).map(({ message, context }) => [
      generateMessageId(message, context),
      compileMessage(message, pseudo),
    ]),
  );
  return `export const messages = ${JSON.stringify(messages)};`;
}

/** The built Spanish catalogs' files (the build's manifest names them). */
function spanishCatalogFiles(): Record<Area, string> {
  const manifest = JSON.parse(readFileSync(path.join(web, 'dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const file = (area: string) => {
    const entry = manifest[`src/locales/es/${area}.po`];
    if (!entry) throw new Error(`the build has no Spanish ${area} catalog`);
    return entry.file;
  };
  return { public: file('public'), customer: file('customer'), account: file('account') };
}

/** From now on this page's Spanish is the pseudo-locale. */
export async function servePseudoLocale(page: Page): Promise<void> {
  const files = spanishCatalogFiles();
  for (const area of areas) {
    const body = pseudoCatalog(area);
    await page.route(`**/${files[area]}`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body }),
    );
  }
}

/** What a screen shows that the pseudo-locale did not reach (plain English words), and what does not fit. */
export interface ScreenFindings {
  english: string[];
  overflow: string[];
}

/**
 * Reads the visible text of the page: a text with a word of three plain letters or more is English
 * the catalogs do not hold, unless it is data (`allowed`). And every visible element must fit the
 * screen's width, and a text must not be cut off (clipped or ellipsised) — a scrolling table is fine.
 */
export async function inspectScreen(page: Page, allowed: RegExp): Promise<ScreenFindings> {
  return page.evaluate(
    ({ source, flags }) => {
      const data = new RegExp(source, flags);
      const visible = (el: Element) => {
        if (el.closest('[aria-hidden="true"], script, style, noscript, template')) return false;
        const rects = el.getClientRects();
        const style = getComputedStyle(el);
        return rects.length > 0 && style.visibility !== 'hidden' && Number(style.opacity) > 0;
      };
      const english = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = (node.textContent ?? '').trim();
        if (!parent || !text || !visible(parent)) continue;
        if (/[A-Za-z]{3,}/.test(text.replace(data, ''))) english.add(text);
      }
      // Placeholders, labels read aloud and button titles are words too.
      for (const el of document.querySelectorAll('[placeholder], [aria-label], [title]')) {
        if (!visible(el)) continue;
        for (const attr of ['placeholder', 'aria-label', 'title']) {
          const text = el.getAttribute(attr)?.trim();
          if (text && /[A-Za-z]{3,}/.test(text.replace(data, ''))) english.add(`${attr}: ${text}`);
        }
      }
      const overflow: string[] = [];
      const width = document.documentElement.clientWidth;
      // Inside a box that scrolls (a wide table) or a carousel (its next slides) is by design; a
      // box that merely clips hides what does not fit, which is what this looks for.
      const contained = (el: Element | null): boolean => {
        for (let at = el; at && at !== document.body; at = at.parentElement) {
          const x = getComputedStyle(at).overflowX;
          if (x === 'auto' || x === 'scroll') return true;
          if (at.matches('[aria-roledescription="carousel"]')) return true;
        }
        return false;
      };
      // Text for screen readers only (clipped to a pixel on purpose).
      const visuallyHidden = (el: Element) => {
        const box = el.getBoundingClientRect();
        return box.width <= 1 && box.height <= 1;
      };
      const nameOf = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 60)}"`;
      if (document.documentElement.scrollWidth > width + 1) {
        overflow.push(
          `the page scrolls sideways: ${document.documentElement.scrollWidth}px wide at ${width}px`,
        );
      }
      for (const el of document.body.querySelectorAll('*')) {
        if (!visible(el) || visuallyHidden(el)) continue;
        const box = el.getBoundingClientRect();
        if (box.width > 0 && box.right > width + 1 && !contained(el.parentElement)) {
          overflow.push(`past the right edge (${Math.round(box.right)}px): ${nameOf(el)}`);
        }
        const style = getComputedStyle(el);
        const clips =
          style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
        const ownText = [...el.childNodes].some(
          (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
        );
        if (clips && ownText && el.scrollWidth > el.clientWidth + 1) overflow.push(`cut off: ${nameOf(el)}`);
      }
      return { english: [...english], overflow: [...new Set(overflow)] };
    },
    { source: allowed.source, flags: allowed.flags },
  );
}
