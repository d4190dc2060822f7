import { describe, expect, it } from 'vitest';
import { passwordMessages } from '../platform/password-policy.ts';
import { idpMessageIn, sameSitePath } from './page-language.ts';
import { recoveryMessages } from './recovery.ts';
import { messages } from './users.ts';

describe("the language switch's return path", () => {
  it('keeps a path of this site, query included', () => {
    expect(sameSitePath('/oidc/interaction/abc/login')).toBe('/oidc/interaction/abc/login');
    expect(sameSitePath('/oidc/forgot-password?x=1')).toBe('/oidc/forgot-password?x=1');
  });

  it('sends anything that could leave the site to the home page (no open redirect)', () => {
    for (const away of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/ok\\..\\',
      'evil.example',
      'javascript:alert(1)',
      '/a\r\nSet-Cookie: x=1',
      '',
      undefined,
      ['/a'],
      `/${'a'.repeat(3000)}`,
    ]) {
      expect(sameSitePath(away), String(away)).toBe('/');
    }
  });
});

describe("the provider's refusals in the page's language", () => {
  it('finds every English refusal of the use cases in the catalog and writes it in Spanish', () => {
    const english = [
      ...Object.values(messages),
      ...Object.values(passwordMessages),
      ...Object.values(recoveryMessages),
    ];
    for (const m of english) {
      const es = idpMessageIn('es', m);
      expect(es, m).not.toBe(m);
      expect(idpMessageIn('en', m)).toBe(m);
    }
    expect(idpMessageIn('es', passwordMessages.tooShort)).toBe(
      'La contraseña debe tener al menos 8 caracteres.',
    );
    expect(idpMessageIn('es', messages.termsRequired)).toBe(
      'Debe aceptar los Términos del Servicio y la Política de Privacidad.',
    );
  });

  it("shows words it does not know (an upstream's) as they came", () => {
    expect(idpMessageIn('es', 'Google said no.')).toBe('Google said no.');
    expect(idpMessageIn('es', null)).toBeNull();
  });
});
