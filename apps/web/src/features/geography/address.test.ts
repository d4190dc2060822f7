import { describe, expect, it } from 'vitest';
import { shouldProposeZip } from './address.ts';

describe('shouldProposeZip: what picking a state does to the ZIP', () => {
  it('proposes a ZIP when none is typed', () => {
    expect(shouldProposeZip('', undefined, 'NY')).toBe(true);
    expect(shouldProposeZip('  ', undefined, 'NY')).toBe(true);
  });

  it('keeps a typed ZIP that belongs to the chosen state (Brooklyn 11201 stays in NY)', () => {
    expect(shouldProposeZip('11201', 'NY', 'NY')).toBe(false);
  });

  it("replaces a ZIP of another state (the lookup's ZIP for the new state)", () => {
    expect(shouldProposeZip('11201', 'NY', 'AL')).toBe(true);
  });

  it('leaves an unknown or half-typed ZIP for the customer to correct', () => {
    expect(shouldProposeZip('112', undefined, 'NY')).toBe(false);
    expect(shouldProposeZip('00000', undefined, 'NY')).toBe(false);
  });
});
