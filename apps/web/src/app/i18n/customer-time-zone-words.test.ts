import { describe, expect, it } from 'vitest';
import { messages as customerSpanish } from '../../locales/es/customer.po';

/** A compiled message's words (Lingui compiles a message to a string or to parts). */
const words = (compiled: unknown): string =>
  typeof compiled === 'string' ? compiled : JSON.stringify(compiled ?? '');

describe("the signed-in customer's words for New York's time (docs/glossary-es.md)", () => {
  it('say "hora de Nueva York", never "hora del Este" or "ET" (kept for the public site\'s "4pm Eastern")', () => {
    const eastern = Object.values(customerSpanish)
      .map(words)
      .filter((text) => /hora del Este|\bET\b/i.test(text));
    expect(eastern).toEqual([]);
    // The customer area does say the time, so the check above reads real messages.
    expect(Object.values(customerSpanish).map(words).join('\n')).toContain('hora de Nueva York');
  });
});
