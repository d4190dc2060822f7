import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, loadArea } from '../../app/i18n/i18n.ts';
import { formErrorsInLanguage, formWordDescriptors } from './form-words.ts';

describe("the customer forms' validation words", () => {
  afterAll(() => activateLanguage('en'));

  it('read in English exactly as the contracts (and the API) say them', () => {
    for (const [english, descriptor] of formWordDescriptors) expect(descriptor.message).toBe(english);
  });

  it('read in Spanish once the customer area speaks it, every one translated', async () => {
    await activateLanguage('es');
    await loadArea('customer');
    expect(formErrorsInLanguage({ phone: 'Phone number is required', x: 'Unlisted' })).toEqual({
      phone: 'El número de teléfono es obligatorio',
      x: 'Unlisted',
    });
    for (const [english] of formWordDescriptors) {
      expect(formErrorsInLanguage({ f: english }).f, english).not.toBe(english);
    }
  });
});
