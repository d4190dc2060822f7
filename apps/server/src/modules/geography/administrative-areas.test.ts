import { administrativeAreaCodes } from '@pria/contracts';
import { describe, expect, it } from 'vitest';
import { administrativeAreas, postalCodeForArea } from './administrative-areas.ts';

describe('the state codes the address rule takes', () => {
  it('are exactly the states of US ZIP codes the server proposes and looks up', () => {
    expect(administrativeAreas.map((a) => a.code).sort()).toEqual([...administrativeAreaCodes].sort());
    for (const code of administrativeAreaCodes) expect(postalCodeForArea(code), code).toMatch(/^\d{5}$/);
  });
});
