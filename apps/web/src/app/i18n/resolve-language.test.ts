import { languageFromCookies } from '@pria/contracts/languages';
import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './resolve-language.ts';

describe('the language a page speaks', () => {
  it('is the account language first, over the cookie and the browser', () => {
    expect(resolveLanguage({ account: 'es', cookie: 'en', browser: ['en-US'] })).toBe('es');
    expect(resolveLanguage({ account: 'en', cookie: 'es', browser: ['es-US'] })).toBe('en');
  });

  it('is the cookie when the account has none (never chosen, or nobody signed in)', () => {
    expect(resolveLanguage({ account: null, cookie: 'es', browser: ['en-US'] })).toBe('es');
    expect(resolveLanguage({ cookie: 'en', browser: ['es-MX', 'es'] })).toBe('en');
  });

  it("is the first of the browser's languages we speak, any Spanish reading Spanish", () => {
    expect(resolveLanguage({ browser: ['es-US', 'en-US'] })).toBe('es');
    expect(resolveLanguage({ browser: ['es-419'] })).toBe('es');
    expect(resolveLanguage({ browser: ['fr-FR', 'es-MX', 'en'] })).toBe('es');
    expect(resolveLanguage({ browser: ['en-GB', 'es'] })).toBe('en');
  });

  it('is English when nothing says otherwise', () => {
    expect(resolveLanguage({})).toBe('en');
    expect(resolveLanguage({ account: null, browser: ['fr-FR', 'de'] })).toBe('en');
  });
});

describe('the cookie pria_lang', () => {
  it('is read among other cookies, and only with a language we speak', () => {
    expect(languageFromCookies('a=1; pria_lang=es; b=2')).toBe('es');
    expect(languageFromCookies('pria_lang=en')).toBe('en');
    expect(languageFromCookies('pria_lang=fr; other=es')).toBeUndefined();
    expect(languageFromCookies('xpria_lang=es')).toBeUndefined();
    expect(languageFromCookies(undefined)).toBeUndefined();
  });
});
