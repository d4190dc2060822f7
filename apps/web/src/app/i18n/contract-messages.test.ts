import { dataExportMessages } from '@pria/contracts/data-export';
import { messages } from '@pria/contracts/messages';
import { afterAll, describe, expect, it } from 'vitest';
import { customerContractMessages } from '../../features/customer/contract-messages.ts';
import { privacyContractMessages } from '../../features/privacy/privacy-contract-messages.ts';
import {
  addContractMessages,
  contractMessageDescriptors,
  translated,
  translatedErrors,
} from './contract-messages.ts';
import { activateLanguage, loadArea } from './i18n.ts';

describe("the contracts' words in the web's catalogs", () => {
  afterAll(() => activateLanguage('en'));
  // As the customer area does when it loads: its own words, from its own catalog (Account → Privacy's
  // when that loads, from the account sections' catalog: ADR 86).
  addContractMessages(customerContractMessages);
  addContractMessages(privacyContractMessages);

  it("read in English exactly as the contracts (and so the server's answers) say them", async () => {
    await activateLanguage('en');
    await loadArea('customer');
    await loadArea('account');
    expect(contractMessageDescriptors.has(messages.cardAdded)).toBe(true);
    expect(contractMessageDescriptors.has(dataExportMessages.tooSoon)).toBe(true);
    for (const [english] of contractMessageDescriptors) expect(translated(english)).toBe(english);
  });

  it('read in Spanish once the app speaks it, every one of them translated', async () => {
    await activateLanguage('es');
    await loadArea('customer');
    await loadArea('account');
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
