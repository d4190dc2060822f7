import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptedLanguage, cookieLanguage, requestLanguage, varyByLanguage } from './language.ts';

/** The one rule of a request's language (ADR 74): account > pria_lang cookie > Accept-Language > English. */
describe("a request's language", () => {
  it('takes any Spanish the browser prefers, by its q-values, and English otherwise', () => {
    expect(acceptedLanguage('es-US')).toBe('es');
    expect(acceptedLanguage('es-419,es;q=0.9')).toBe('es');
    expect(acceptedLanguage('ES-mx')).toBe('es');
    expect(acceptedLanguage('fr-FR, es;q=0.5')).toBe('es');
    expect(acceptedLanguage('en-US,en;q=0.9,es;q=0.8')).toBe('en');
    expect(acceptedLanguage('es;q=0.2, en;q=0.8')).toBe('en');
    expect(acceptedLanguage('fr-FR')).toBeNull();
    expect(acceptedLanguage('')).toBeNull();
    expect(acceptedLanguage(undefined)).toBeNull();
  });

  it('reads the pria_lang cookie among others, and only a language we speak', () => {
    expect(cookieLanguage('a=1; pria_lang=es; b=2')).toBe('es');
    expect(cookieLanguage('pria_lang=en')).toBe('en');
    expect(cookieLanguage('pria_lang=fr')).toBeNull();
    expect(cookieLanguage('xpria_lang=es')).toBeNull();
    expect(cookieLanguage(undefined)).toBeNull();
  });

  it('puts the account first, then the cookie, then the browser, then English', () => {
    const headers = { cookie: 'pria_lang=en', 'accept-language': 'es-US' };
    expect(requestLanguage(headers, 'es')).toBe('es');
    expect(requestLanguage(headers)).toBe('en');
    expect(requestLanguage({ 'accept-language': 'es-US' })).toBe('es');
    expect(requestLanguage({ cookie: 'pria_lang=zz', 'accept-language': 'de' })).toBe('en');
    expect(requestLanguage({})).toBe('en');
  });
});

describe('an answer that depends on the language', () => {
  /** A reply with only the Vary header (what varyByLanguage reads and writes). */
  const reply = (vary?: string) => {
    const headers: Record<string, string> = vary === undefined ? {} : { vary };
    const r = {
      getHeader: (name: string) => headers[name],
      header: (name: string, value: string) => {
        headers[name] = value;
        return r;
      },
      headers,
    };
    return r;
  };
  const varied = (vary?: string) => {
    const r = reply(vary);
    varyByLanguage(r as unknown as FastifyReply);
    varyByLanguage(r as unknown as FastifyReply);
    return r.headers.vary;
  };

  it('says so to caches once, beside what it already varies by, whatever the case', () => {
    expect(varied()).toBe('Accept-Language, Cookie');
    expect(varied('Origin')).toBe('Origin, Accept-Language, Cookie');
    expect(varied('Origin, Accept-Language, Cookie')).toBe('Origin, Accept-Language, Cookie');
    expect(varied('origin, cookie')).toBe('origin, cookie, Accept-Language');
    expect(varied('accept-language,COOKIE')).toBe('accept-language,COOKIE');
    // Asked again (the values are remembered): the same answers.
    expect(varied('Origin')).toBe('Origin, Accept-Language, Cookie');
    expect(varied()).toBe('Accept-Language, Cookie');
  });
});
