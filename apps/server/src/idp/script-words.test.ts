import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recoveryCodesPage } from './mfa-pages.ts';
import { loginPage } from './pages.ts';

/**
 * The provider's two scripts write words on their pages (a passkey that failed, codes copied).
 * They hold none of their own: the page gives them in its language (issue 42).
 */
const asset = (name: string) => readFileSync(new URL(`./assets/${name}`, import.meta.url), 'utf8');
const login = (lang: 'en' | 'es') =>
  loginPage({
    action: '/oidc/interaction/x/login',
    signupHref: '/signup',
    passkey: { options: '/o', verify: '/v' },
    page: { lang },
  });
const codes = (lang: 'en' | 'es') =>
  recoveryCodesPage({ codes: ['abcd-efgh'], linkHref: '/login', homeUrl: '/', page: { lang } });

describe("the provider's scripts speak the page's language", () => {
  it('gives the passkey script its refusals in the reader’s language', () => {
    expect(login('es')).toContain(
      'data-not-used="No se usó ninguna llave de acceso. Inténtelo de nuevo o inicie sesión con su contraseña."',
    );
    expect(login('es')).toContain('data-expired="Su página de inicio de sesión venció. Vuelva a empezar."');
    expect(login('en')).toContain(
      'data-failed="That passkey could not sign you in. Try again, or log in with your password."',
    );
    // And the page links the manifest in its language (the install name a phone shows).
    expect(login('es')).toContain('<link rel="manifest" href="/manifest.es.webmanifest">');
    expect(login('en')).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const script = asset('passkey-sign-in.js');
    expect(script).toContain('words.notUsed');
    expect(script).not.toMatch(/'(No passkey|That passkey|Your sign-in)/);
  });

  it('gives the recovery codes script its words, and the file opens in the reader’s language', () => {
    const es = codes('es');
    expect(es).toContain(
      'data-copied="Copiados. Péguelos en un lugar seguro, como un administrador de contraseñas."',
    );
    expect(es).toContain(encodeURIComponent('Códigos de recuperación de Pria'));
    expect(codes('en')).toContain(
      'data-copy-failed="Your browser did not allow copying. Download or print them instead."',
    );
    expect(codes('en')).toContain(encodeURIComponent('Pria recovery codes'));
    expect(asset('recovery-codes.js')).not.toMatch(/'(Copied|Your browser)/);
  });
});
