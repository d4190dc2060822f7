import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDocumentToken, writeDocumentToken } from './document-token.ts';

/** What the code wrote to document.cookie, in order (the browser's jar is not what is tested here). */
let written: string[];

function stubBrowser(protocol: 'https:' | 'http:') {
  written = [];
  vi.stubGlobal('window', { location: { protocol } });
  vi.stubGlobal('document', {
    set cookie(value: string) {
      written.push(value);
    },
  });
}

const stored = (user: Record<string, unknown>) => JSON.stringify(user);
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('the pages’ copy of the access token', () => {
  beforeEach(() => stubBrowser('https:'));
  afterEach(() => vi.unstubAllGlobals());

  it('is written for pages under /dashboard only, same-site, secure, for the token’s remaining life', () => {
    writeDocumentToken(stored({ access_token: 'aaa.bbb.c-_d', expires_at: nowSeconds() + 600 }));
    expect(written).toHaveLength(1);
    const [cookie] = written;
    expect(cookie).toMatch(
      /^pria_doc_token=aaa\.bbb\.c-_d; Path=\/dashboard; Max-Age=(599|600); SameSite=Strict; Secure$/,
    );
  });

  it('is not marked Secure on plain http (the local app), which a browser would refuse', () => {
    stubBrowser('http:');
    writeDocumentToken(stored({ access_token: 'a.b.c', expires_at: nowSeconds() + 60 }));
    expect(written[0]).not.toContain('Secure');
  });

  it('is removed, not written, for an expired token, a missing one, one a cookie cannot carry, or an unreadable entry', () => {
    for (const value of [
      stored({ access_token: 'a.b.c', expires_at: nowSeconds() - 1 }),
      stored({ expires_at: nowSeconds() + 600 }),
      stored({ access_token: 'a.b.c; Path=/', expires_at: nowSeconds() + 600 }),
      '{not json',
    ]) {
      written = [];
      writeDocumentToken(value);
      expect(written).toEqual(['pria_doc_token=; Path=/dashboard; Max-Age=0; SameSite=Strict; Secure']);
    }
  });

  it('goes with the stored sign-in', () => {
    clearDocumentToken();
    expect(written).toEqual(['pria_doc_token=; Path=/dashboard; Max-Age=0; SameSite=Strict; Secure']);
  });
});
