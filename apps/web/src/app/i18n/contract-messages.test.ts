import { messages } from '@pria/contracts/messages';
import { afterAll, describe, expect, it } from 'vitest';
import { contractMessageDescriptors, translated, translatedErrors } from './contract-messages.ts';
import { activateLanguage } from './i18n.ts';

describe("the contracts' words in the web's catalogs", () => {
  afterAll(() => activateLanguage('en'));

  it("read in English exactly as the contracts (and so the server's answers) say them", async () => {
    await activateLanguage('en');
    for (const [english] of contractMessageDescriptors) expect(translated(english)).toBe(english);
  });

  it('read in Spanish once the app speaks it, every one of them translated', async () => {
    await activateLanguage('es');
    expect(translated(messages.emailRequired)).toBe('El correo electrónico es obligatorio');
    expect(translated('Topic must be at most 100 characters')).toBe(
      'El tema debe tener como máximo 100 caracteres',
    );
    for (const [english] of contractMessageDescriptors) {
      expect(translated(english), english).not.toBe(english);
    }
    expect(translatedErrors({ email: messages.invalidEmail, message: undefined })).toEqual({
      email: 'Correo electrónico no válido',
      message: undefined,
    });
  });

  it('leave words they do not list as they are', async () => {
    await activateLanguage('es');
    expect(translated('Something the catalogs do not hold')).toBe('Something the catalogs do not hold');
  });
});
