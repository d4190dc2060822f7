import { passkeyMessages, passkeyName } from '@pria/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, i18n, loadArea } from '../../app/i18n/i18n.ts';
import { passkeyNameErrorIn } from './passkey-words.ts';

const refusals = [passkeyName.safeParse('  '), passkeyName.safeParse('x'.repeat(200))].map(
  (r) => r.error?.issues[0]?.message ?? '',
);

describe("a passkey name's refusals", () => {
  afterAll(() => activateLanguage('en'));

  it("read in English exactly as the contracts' rule (and so the API) words them", async () => {
    await activateLanguage('en');
    await loadArea('customer');
    await loadArea('account');
    expect(refusals).toEqual([passkeyMessages.nameRequired, passkeyMessages.nameTooLong]);
    for (const english of refusals) expect(passkeyNameErrorIn(i18n, english)).toBe(english);
  });

  // The passkeys are an account section loaded after the page's first screen, with their words'
  // catalog (ADR 86).
  it('read in Spanish once the account sections speak it', async () => {
    await activateLanguage('es');
    await loadArea('customer');
    await loadArea('account');
    expect(refusals.map((e) => passkeyNameErrorIn(i18n, e))).toEqual([
      'Póngale un nombre a la llave de acceso',
      'El nombre de una llave de acceso tiene como máximo 64 caracteres',
    ]);
    expect(passkeyNameErrorIn(i18n, 'Unlisted')).toBe('Unlisted');
  });
});
