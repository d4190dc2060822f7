import { isWebPage } from '@pria/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasSection, holdSectionInView, isAccountSectionRef, sectionsFor } from './account-sections.ts';

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

describe('a section held in view while the sections above it load', () => {
  /** A container whose growth the test reports, and the section's scrolls it counts. */
  function page() {
    let grow = () => {};
    const scrolls: string[] = [];
    const focused: string[] = [];
    const body = {};
    const doc = {
      body,
      activeElement: body as unknown,
      getElementById: (id: string) => ({
        scrollIntoView: () => scrolls.push(id),
        focus: () => focused.push(id),
      }),
    };
    const listeners = new Set<string>();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        private readonly report: () => void;
        constructor(report: () => void) {
          this.report = report;
        }
        observe() {
          grow = () => this.report();
          this.report();
        }
        disconnect() {
          grow = () => {};
        }
      },
    );
    vi.stubGlobal('document', doc);
    vi.stubGlobal('window', {
      addEventListener: (type: string) => listeners.add(type),
      removeEventListener: (type: string) => listeners.delete(type),
    });
    return { grow: () => grow(), scrolls, listeners, focused, doc };
  }

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('follows the section for as long as the page keeps growing, past the old 3 s', () => {
    const p = page();
    holdSectionInView('notifications', {} as Element);
    for (let i = 0; i < 6; i++) {
      vi.advanceTimersByTime(1000);
      p.grow();
    }
    expect(p.scrolls).toHaveLength(6);
    // Quiet for 1.5 s: let go (the reader's scrolling is theirs again).
    vi.advanceTimersByTime(1500);
    p.grow();
    expect(p.scrolls).toHaveLength(6);
    expect(p.listeners.size).toBe(0);
  });

  it('lets go at the latest after 10 s, or at once when the reader scrolls', () => {
    const p = page();
    holdSectionInView('privacy', {} as Element);
    for (let i = 0; i < 12; i++) {
      vi.advanceTimersByTime(1000);
      p.grow();
    }
    expect(p.scrolls).toHaveLength(9);
    const q = page();
    const stop = holdSectionInView('privacy', {} as Element);
    stop();
    q.grow();
    expect(q.scrolls).toEqual([]);
  });

  it('leaves the keyboard on the section when nothing else has it, never taking it from elsewhere', () => {
    const p = page();
    holdSectionInView('privacy', {} as Element);
    vi.advanceTimersByTime(1500);
    expect(p.focused).toEqual(['account-privacy']);
    const q = page();
    q.doc.activeElement = { tagName: 'INPUT' };
    holdSectionInView('privacy', {} as Element);
    vi.advanceTimersByTime(1500);
    expect(q.focused).toEqual([]);
  });
});
