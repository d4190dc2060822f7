import { describe, expect, it } from 'vitest';
import { safeCell } from './csv-cell.ts';

/** The CSV formula guard (issue 30): look-alikes of = + - @ are caught, ordinary text is left alone. */
describe('safeCell', () => {
  it('prefixes text that a spreadsheet would read as a formula, ASCII or look-alike', () => {
    for (const v of [
      '=1+1',
      '+1',
      '-1',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
      '\n=1',
      '＝1+1', // full-width equals
      '＋1',
      '－1',
      '＠SUM(A1)',
      '﹦1', // small equals
      '﹢1',
      '﹣1',
      '−1', // U+2212 minus sign
      '➕1',
      ' =1+1',
      '\u00a0=1+1', // no-break space before
      '\u3000＝1', // ideographic space, then full-width equals
    ]) {
      expect(safeCell(v), JSON.stringify(v)).toBe(`'${v}`);
    }
  });

  it('leaves ordinary text, numbers, booleans and empty cells as they are', () => {
    for (const v of ['Ann Lee', 'ann@pria.test', '3.00', 'a=b', 'x-1', '', null, 300, true, 'Ｒｅｆｕｎｄ']) {
      expect(safeCell(v)).toBe(v);
    }
  });
});
