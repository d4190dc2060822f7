import { describe, expect, it } from 'vitest';
import { dateShort, dateTime, maskedCard, paybackDue, timeShort } from './display.ts';

describe('staff display helpers (issue 29)', () => {
  it('show times in New York time, labelled, whatever the browser zone', () => {
    // The 28th's 4 pm New York charge (21:01 UTC in winter).
    expect(timeShort('2026-11-28T21:01:00Z')).toBe('4:01 PM ET');
    expect(dateShort('2026-11-29T03:00:00Z')).toBe('11/28/26');
    expect(dateTime('2026-07-28T20:01:00Z')).toBe('Jul 28, 2026 at 4:01 PM ET');
  });

  it('name the card by its brand, not the brand code', () => {
    expect(maskedCard({ brand: 'visa', lastFour: '1111' })).toBe('Visa •••• 1111');
    expect(maskedCard({ brandCode: '002', lastFour: '4444' })).toBe('Mastercard •••• 4444');
    expect(maskedCard({})).toBe('-');
  });

  it("say a period's pay-backs are due only from the 2nd at 4 pm New York time", () => {
    expect(paybackDue('2026-11', new Date('2026-12-02T20:59:00Z'))).toEqual({
      due: false,
      label: 'Dec 2 at 4:00 PM ET',
    });
    expect(paybackDue('2026-11', new Date('2026-12-02T21:00:00Z')).due).toBe(true);
    expect(paybackDue('2026-12', new Date('2026-12-30T12:00:00Z'))).toEqual({
      due: false,
      label: 'Jan 2 at 4:00 PM ET',
    });
  });
});

describe('countOf', () => {
  it('says "1 client" and "2 clients"', async () => {
    const { countOf } = await import('./display.ts');
    expect(countOf(1, 'client')).toBe('1 client');
    expect(countOf(1204, 'client')).toBe('1,204 clients');
  });
});
