import { describe, expect, it } from 'vitest';
import {
  administrativeAreaCodes,
  billingAddress,
  postalCodeMatchesState,
  profileAddress,
  stateOfPostalCode,
} from './address.ts';
import { messages } from './messages.ts';

const base = { address1: '1 Main St', locality: 'Springfield', postalCode: '62701' };

/** A ZIP of each state: the lowest the rule assigns to it (territories have only a few). */
const zipOf = new Map<string, string>();
for (let n = 0; n < 100_000; n++) {
  const zip = String(n).padStart(5, '0');
  const state = stateOfPostalCode(zip);
  if (state && !zipOf.has(state)) zipOf.set(state, zip);
}

const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe('one US address rule for the profile and a card', () => {
  it('both take every known state and refuse the same unknown ones with "Invalid state"', () => {
    for (const code of administrativeAreaCodes) {
      const address = { ...base, administrativeArea: code, postalCode: zipOf.get(code) };
      expect(profileAddress.safeParse(address).success, code).toBe(true);
      expect(billingAddress.safeParse(address).success, code).toBe(true);
    }
    for (const bad of ['ZZ', 'ny', 'N', 'NYC', 'XX', '1', 'Q']) {
      expect(messageOf(profileAddress.safeParse({ ...base, administrativeArea: bad })), bad).toBe(
        messages.invalidState,
      );
      expect(messageOf(billingAddress.safeParse({ ...base, administrativeArea: bad })), bad).toBe(
        messages.invalidState,
      );
    }
  });

  it('a card needs a state ("State is required"); the profile may leave it empty', () => {
    expect(messageOf(billingAddress.safeParse({ ...base, administrativeArea: '' }))).toBe(
      messages.stateRequired,
    );
    expect(messageOf(billingAddress.safeParse(base))).toBe(messages.stateRequired);
    expect(profileAddress.parse({ ...base, administrativeArea: '' }).administrativeArea).toBeNull();
    expect(profileAddress.parse({ ...base, administrativeArea: null }).administrativeArea).toBeNull();
  });

  it('both trim, read the ZIP the same way and make the country US', () => {
    const card = billingAddress.parse({ ...base, administrativeArea: ' IL ', country: 'CA' });
    const profile = profileAddress.parse({ ...base, administrativeArea: ' IL ', country: 'CA' });
    expect(card).toMatchObject({ administrativeArea: 'IL', country: 'US' });
    expect(profile).toMatchObject({ administrativeArea: 'IL', country: 'US' });
    for (const zip of ['1234', '123456', '12345-12', 'abcde']) {
      expect(
        messageOf(billingAddress.safeParse({ ...base, administrativeArea: 'IL', postalCode: zip })),
      ).toBe(messages.invalidPostalCode);
      expect(
        messageOf(profileAddress.safeParse({ ...base, administrativeArea: 'IL', postalCode: zip })),
      ).toBe(messages.invalidPostalCode);
    }
  });
});

describe('the ZIP belongs to the state', () => {
  it('knows the state of ZIPs at the edges of prefix ranges, and the few assigned elsewhere', () => {
    const cases: [string, string | null][] = [
      ['00501', 'NY'], // Holtsville: an IRS ZIP, below New York's 100-149
      ['00601', 'PR'],
      ['00801', 'VI'],
      ['01001', 'MA'],
      ['02801', 'RI'],
      ['02901', 'RI'],
      ['03031', 'NH'],
      ['03901', 'ME'],
      ['06390', 'NY'], // Fishers Island: a Connecticut prefix, New York's island
      ['07001', 'NJ'],
      ['08989', 'NJ'],
      ['09001', 'AE'],
      ['10001', 'NY'],
      ['11201', 'NY'],
      ['14925', 'NY'],
      ['15001', 'PA'],
      ['20001', 'DC'],
      ['20598', 'VA'], // a DC prefix assigned to Virginia
      ['20601', 'MD'],
      ['34001', 'AA'],
      ['35004', 'AL'],
      ['59937', 'MT'],
      ['72643', 'MO'], // an Arkansas prefix, in Missouri
      ['73301', 'TX'], // Austin's IRS ZIP, in an Oklahoma range
      ['73960', 'TX'],
      ['83414', 'WY'],
      ['96201', 'AP'],
      ['96799', 'AS'],
      ['96910', 'GU'],
      ['96939', 'PW'],
      ['96941', 'FM'],
      ['96950', 'MP'],
      ['96960', 'MH'],
      ['99501', 'AK'],
      ['99950', 'AK'],
      ['00001', null],
      ['00401', null],
    ];
    for (const [zip, state] of cases) expect(stateOfPostalCode(zip), zip).toBe(state);
  });

  it('reads ZIP+4 by its first five digits', () => {
    expect(postalCodeMatchesState('11201-1234', 'NY')).toBe(true);
    expect(postalCodeMatchesState('11201-1234', 'AL')).toBe(false);
  });

  it('every state, territory and military "state" has ZIPs', () => {
    expect([...zipOf.keys()].sort()).toEqual([...administrativeAreaCodes].sort());
  });

  it('refuses "Brooklyn, AL 11201" on the ZIP field, for the profile and a card alike', () => {
    const brooklyn = {
      address1: '1 Main St',
      locality: 'Brooklyn',
      administrativeArea: 'AL',
      postalCode: '11201',
    };
    for (const schema of [profileAddress, billingAddress]) {
      const r = schema.safeParse(brooklyn);
      expect(r.success).toBe(false);
      expect(r.error?.issues).toEqual([
        expect.objectContaining({ path: ['postalCode'], message: messages.postalCodeStateMismatch }),
      ]);
      expect(schema.safeParse({ ...brooklyn, administrativeArea: 'NY' }).success).toBe(true);
    }
  });

  it('leaves a profile without a state alone, and lets a bad ZIP or state speak for itself', () => {
    expect(profileAddress.safeParse({ ...base, administrativeArea: null, postalCode: '11201' }).success).toBe(
      true,
    );
    expect(
      messageOf(billingAddress.safeParse({ ...base, administrativeArea: 'NY', postalCode: '1120' })),
    ).toBe(messages.invalidPostalCode);
    expect(
      messageOf(billingAddress.safeParse({ ...base, administrativeArea: 'ZZ', postalCode: '11201' })),
    ).toBe(messages.invalidState);
  });
});
