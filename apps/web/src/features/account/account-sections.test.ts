import { describe, expect, it } from 'vitest';
import { hasSection, sectionsFor } from './account-sections.ts';

describe('the account sections an account has', () => {
  it('a customer: every section, and Delete Account', () => {
    expect(sectionsFor(false).map((s) => s.ref)).toEqual([
      'personalinfo',
      'security',
      'payment',
      'subscription',
      'notifications',
      'privacy',
    ]);
    expect(hasSection(false, 'delete')).toBe(true);
  });

  it('a staff account: no cards, plan, charge notices or self-deletion', () => {
    expect(sectionsFor(true).map((s) => s.ref)).toEqual(['personalinfo', 'security', 'privacy']);
    for (const ref of ['payment', 'subscription', 'notifications', 'delete'] as const)
      expect(hasSection(true, ref)).toBe(false);
  });

  it('is the same list on every call (an effect depends on it)', () => {
    expect(sectionsFor(true)).toBe(sectionsFor(true));
  });
});
