import { describe, expect, it } from 'vitest';
import { profileErrors, toProfilePayload } from './profile-checks.ts';
import type { ProfileValues } from './profile-values.ts';

// The profile form's checks and the PUT /customers/me payload they build (ADR 88's addendum: the
// schemas in zod's mini API must keep every message and every byte of the payload).
const typed: ProfileValues = {
  firstName: '  Nora ',
  middleName: '   ',
  lastName: ' Newbie',
  phone: ' 2025550104 ',
  address: {
    address1: ' 55 Water Street ',
    address2: '',
    locality: 'Brooklyn  ',
    administrativeArea: ' NY ',
    country: 'US',
    postalCode: ' 11201 ',
  },
};

describe('the profile payload', () => {
  it('is trimmed, empty optionals null, country US, no email, its keys in order', () => {
    const withEmail = { ...typed, email: 'nora@example.com', address: { ...typed.address, country: 'CA' } };
    for (const onboarding of [false, true]) {
      const payload = toProfilePayload(withEmail as unknown as ProfileValues, onboarding);
      expect(JSON.stringify(payload)).toBe(
        JSON.stringify({
          firstName: 'Nora',
          middleName: null,
          lastName: 'Newbie',
          phone: '2025550104',
          address: {
            address1: '55 Water Street',
            address2: null,
            locality: 'Brooklyn',
            administrativeArea: 'NY',
            country: 'US',
            postalCode: '11201',
          },
        }),
      );
    }
  });

  it('keeps an empty street, city and state as null in account settings', () => {
    const address = { ...typed.address, address1: '', locality: ' ', administrativeArea: '' };
    expect(toProfilePayload({ ...typed, middleName: ' Ann ', address }, false)).toEqual({
      firstName: 'Nora',
      middleName: 'Ann',
      lastName: 'Newbie',
      phone: '2025550104',
      address: {
        address1: null,
        address2: null,
        locality: null,
        administrativeArea: null,
        country: 'US',
        postalCode: '11201',
      },
    });
  });
});

describe("the profile form's errors, first message per field", () => {
  it('says nothing of a valid profile', () => {
    expect(profileErrors(typed, false)).toEqual({});
    expect(profileErrors(typed, true)).toEqual({});
  });

  it('names each field as the API does', () => {
    const blank = {
      firstName: ' ',
      middleName: 'x'.repeat(101),
      lastName: '',
      phone: '',
      address: { ...typed.address, address1: '', locality: '', administrativeArea: '', postalCode: '' },
    };
    expect(profileErrors(blank, false)).toEqual({
      firstName: 'First name is required',
      middleName: 'Middle name must be at most 100 characters',
      lastName: 'Last name is required',
      phone: 'Phone number is required',
      'address.postalCode': 'Postal Code is required',
    });
    expect(profileErrors(blank, true)).toEqual({
      firstName: 'First name is required',
      middleName: 'Middle name must be at most 100 characters',
      lastName: 'Last name is required',
      phone: 'Phone number is required',
      'address.postalCode': 'Postal Code is required',
      'address.address1': 'Street is required',
      'address.locality': 'City is required',
      'address.administrativeArea': 'State is required',
    });
  });

  it('refuses a phone that is not ten digits, an unknown state, a ZIP of another state', () => {
    const invalidPhone = 'Invalid Phone Number. Valid number format is 2025550104';
    expect(profileErrors({ ...typed, phone: '202555010' }, false)).toEqual({ phone: invalidPhone });
    expect(profileErrors({ ...typed, phone: '202-555-01' }, false)).toEqual({ phone: invalidPhone });
    expect(
      profileErrors(
        { ...typed, address: { ...typed.address, administrativeArea: 'ZZ', postalCode: '1120' } },
        false,
      ),
    ).toEqual({ 'address.administrativeArea': 'Invalid state', 'address.postalCode': 'Invalid postal code' });
    expect(
      profileErrors({ ...typed, address: { ...typed.address, administrativeArea: 'AL' } }, true),
    ).toEqual({
      'address.postalCode': 'ZIP code does not match the state',
    });
  });
});
