import { describe, expect, it } from 'vitest';
import { canGoBackInApp } from './in-app-back.ts';

describe('going back within the app', () => {
  it('is possible after a screen the app itself opened', () => {
    expect(canGoBackInApp({ usr: null, key: 'k2', idx: 1 })).toBe(true);
    expect(canGoBackInApp({ idx: 7 })).toBe(true);
  });

  it('is not from the first screen of a visit (a new tab, a bookmark, back from signing in)', () => {
    expect(canGoBackInApp({ usr: null, key: 'default', idx: 0 })).toBe(false);
    expect(canGoBackInApp(null)).toBe(false);
    expect(canGoBackInApp({})).toBe(false);
  });
});
