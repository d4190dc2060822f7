import { describe, expect, it } from 'vitest';
import { administrativeAreaCodes, billingAddress, profileAddress } from './address.ts';
import { messages } from './messages.ts';

const base = { address1: '1 Main St', locality: 'Springfield', postalCode: '62701' };
const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe('one US address rule for the profile and a card', () => {
  it('both take every known state and refuse the same unknown ones with "Invalid state"', () => {
    for (const code of administrativeAreaCodes) {
      expect(profileAddress.safeParse({ ...base, administrativeArea: code }).success, code).toBe(true);
      expect(billingAddress.safeParse({ ...base, administrativeArea: code }).success, code).toBe(true);
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
