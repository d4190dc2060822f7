import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, i18n, loadArea } from '../../app/i18n/i18n.ts';
import { sectionLinks } from '../../app/layout/customer-side-menu.tsx';
import { declineAdviceIn } from '../progress/progress-words.ts';
import { menuWords } from './account-nav.tsx';

describe("the account sections' names in Spanish (docs/glossary-es.md)", () => {
  afterAll(() => activateLanguage('en'));

  it('are one term each in the side menu and the section menu, whatever English calls them', async () => {
    await activateLanguage('es');
    await loadArea('customer');
    for (const link of sectionLinks) expect(i18n._(menuWords[link.ref]), link.ref).toBe(i18n._(link.label));
    expect(i18n._(menuWords.payment)).toBe('Método de pago');
  });

  it("send a declined card's owner to the section by that name", async () => {
    await activateLanguage('es');
    await loadArea('customer');
    for (const reason of ['Expired card', 'Stolen card', 'Do not honor', null])
      expect(declineAdviceIn(i18n, reason), String(reason)).toContain('en Método de pago');
  });
});
