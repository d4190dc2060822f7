import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, i18n, loadArea } from '../../app/i18n/i18n.ts';
import { areaName, areaNameDescriptors, areaOptions } from './area-names.ts';

// As GET /administrative-areas answers (English names, in English alphabetical order).
const server = [
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'PR', name: 'Puerto Rico' },
  { code: 'TX', name: 'Texas' },
];

describe("the state picker's names", () => {
  afterAll(() => activateLanguage('en'));

  it("read in English as the server's names, in the server's order", async () => {
    await activateLanguage('en');
    await loadArea('customer');
    expect(areaOptions(i18n, server)).toEqual(server.map((a) => ({ value: a.code, label: a.name })));
  });

  it('read in Spanish in Spanish alphabetical order, the value still the 2-letter code', async () => {
    await activateLanguage('es');
    await loadArea('customer');
    expect(areaOptions(i18n, server)).toEqual([
      { value: 'NC', label: 'Carolina del Norte' },
      { value: 'NY', label: 'Nueva York' },
      { value: 'NM', label: 'Nuevo México' },
      { value: 'PA', label: 'Pensilvania' },
      { value: 'PR', label: 'Puerto Rico' },
      { value: 'TX', label: 'Texas' },
    ]);
    expect(areaName(i18n, { code: 'WV', name: 'West Virginia' })).toBe('Virginia Occidental');
    expect(areaName(i18n, { code: 'DC', name: 'District of Columbia' })).toBe('Distrito de Columbia');
    expect(areaName(i18n, { code: 'HI', name: 'Hawaii' })).toBe('Hawái');
    // Every listed name has a Spanish one that differs (else it would not be listed).
    for (const [code, descriptor] of Object.entries(areaNameDescriptors)) {
      expect(areaName(i18n, { code, name: descriptor.message ?? '' }), code).not.toBe(descriptor.message);
    }
  });
});
