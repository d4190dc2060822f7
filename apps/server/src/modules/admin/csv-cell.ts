/** One value of a CSV line. */
export type Cell = string | number | boolean | null;

/**
 * Characters a spreadsheet reads as the start of a formula, once the text is folded to its
 * compatibility form (NFKC): = + - @, and the tab, carriage return and line feed that some
 * readers skip before one. Folding first catches the look-alikes (full-width ＝＋－＠, small
 * ﹦﹢﹣, the compatibility forms of the tab…); U+2212 MINUS SIGN and the heavy ➕➖ do not fold
 * to ASCII but some spreadsheets accept them as signs, so they are listed too.
 */
const FORMULA_START = /^[\s\u00a0]*[=+\-@\u2212\u2795\u2796]|^[\t\r\n]/u;

/**
 * Spreadsheet formula injection (OWASP CSV injection): text that would start a formula is
 * written as text, with a leading apostrophe. The cell keeps its original characters.
 */
export function safeCell(v: Cell): Cell {
  if (typeof v !== 'string' || v === '') return v;
  return FORMULA_START.test(v.normalize('NFKC')) ? `'${v}` : v;
}
