import { afterAll, describe, expect, it } from 'vitest';
import { messages as publicSpanish } from '../../locales/es/public.po';
import { activateLanguage, i18n, loadArea } from './i18n.ts';

// A message only the customer area uses (features/account), so only its catalog holds it.
const customerEnglish =
  'Pria writes to you in this language on every device: the app, emails and text messages.';
const customerSpanish =
  'Pria le escribe en este idioma en todos sus dispositivos: en la aplicación, en los correos electrónicos y en los mensajes de texto.';
/** The active messages' words (a compiled message is a string or its parts). */
const onScreen = () => Object.values(i18n.messages).map((m) => [m].flat().join(''));

describe('the catalogs, loaded by area', () => {
  afterAll(() => activateLanguage('en'));

  it("speak the customer area's words only once that area is loaded, in the language spoken then", async () => {
    // The public catalog (in the entry) does not hold the customer area's words. (Other test files
    // may have loaded the customer area in this worker already, so the check is on the catalog.)
    const publicWords = Object.values(publicSpanish).map((m) => [m].flat().join(''));
    expect(publicWords).not.toContain(customerSpanish);
    expect(publicWords).toContain('Idioma');
    await activateLanguage('es');
    await loadArea('customer');
    expect(i18n.locale).toBe('es');
    expect(onScreen()).toContain(customerSpanish);
    expect(onScreen()).toContain('Idioma');
  });

  it('keep every loaded area when the language changes', async () => {
    await activateLanguage('en');
    expect(onScreen()).toContain(customerEnglish);
    expect(onScreen()).not.toContain(customerSpanish);
    await activateLanguage('es');
    expect(onScreen()).toContain(customerSpanish);
  });

  it("add an area's words to the language in use without a change event, and keep them across a switch", async () => {
    // A message of the account page's later sections (their own catalog, ADR 86).
    const accountSpanish = 'Cargando las preferencias de notificaciones';
    await activateLanguage('es');
    let changes = 0;
    const stop = i18n.on('change', () => {
      changes += 1;
    });
    try {
      await loadArea('account');
      // Nothing on screen is re-rendered for words nothing on screen uses yet.
      expect(changes).toBe(0);
      expect(onScreen()).toContain(accountSpanish);
      expect(onScreen()).toContain(customerSpanish); // the other areas' words stay
      await activateLanguage('en');
      expect(changes).toBe(1); // a language switch re-renders, once
      expect(onScreen()).toContain('Loading notification preferences');
      expect(onScreen()).not.toContain(accountSpanish);
    } finally {
      stop();
    }
  });
});
