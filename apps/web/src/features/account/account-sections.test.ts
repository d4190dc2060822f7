import { isWebPage } from '@pria/contracts';
import { describe, expect, it } from 'vitest';
import { hasSection, isAccountSectionRef, sectionsFor } from './account-sections.ts';

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

describe('the account page’s URLs', () => {
  // Issue 40: the server answered /dashboard/account/delete (200) and the router said "Page not found".
  it('every section the server answers as a page opens the account page, Delete Account too', () => {
    for (const ref of [...sectionsFor(false).map((s) => s.ref), 'delete']) {
      expect(isWebPage(`/dashboard/account/${ref}`), ref).toBe(true);
      expect(isAccountSectionRef(ref), ref).toBe(true);
    }
  });

  it('another path below it is not a section', () => {
    for (const ref of ['nope', '', 'Delete', undefined]) expect(isAccountSectionRef(ref)).toBe(false);
  });
});
