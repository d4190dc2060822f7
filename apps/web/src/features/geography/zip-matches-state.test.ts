import { messages } from '@pria/contracts';
import { describe, expect, it } from 'vitest';
import { zodValidate } from '../../components/form/zod-validate.ts';
import { editCardSchema, newCardSchema } from '../cards/card-checks.ts';
import type { CardFormState } from '../cards/card-form-values.ts';
import { validateProfile } from '../profile/profile-checks.ts';
import type { ProfileValues } from '../profile/profile-values.ts';
import type { AddressValues } from './address.ts';

/**
 * The forms refuse a ZIP of another state under the ZIP field with the API's words (one rule,
 * contracts/address.ts), before anything is sent.
 */
const brooklyn: AddressValues = {
  address1: '55 Water Street',
  address2: '',
  locality: 'Brooklyn',
  administrativeArea: 'AL',
  country: 'US',
  postalCode: '11201',
};
const profile: ProfileValues = {
  firstName: 'Ann',
  middleName: '',
  lastName: 'Lee',
  phone: '7185550104',
  address: brooklyn,
};
const card: CardFormState = {
  name: 'Ann Lee',
  number: '4111 1111 1111 1111',
  brand: '001',
  expirationDate: '12/39',
  cvc: '123',
  address: brooklyn,
};
const mismatch = { 'address.postalCode': messages.postalCodeStateMismatch };

describe('a ZIP of another state in the forms', () => {
  it('the profile form (account and onboarding) says "ZIP code does not match the state"', () => {
    expect(validateProfile(false)(profile)).toEqual(mismatch);
    expect(validateProfile(true)(profile)).toEqual(mismatch);
    expect(validateProfile(true)({ ...profile, address: { ...brooklyn, administrativeArea: 'NY' } })).toEqual(
      {},
    );
  });

  it('the card form, adding and editing, says it too', () => {
    expect(zodValidate<CardFormState>(newCardSchema())(card)).toEqual(mismatch);
    expect(zodValidate<CardFormState>(editCardSchema())(card)).toEqual(mismatch);
    expect(
      zodValidate<CardFormState>(newCardSchema())({
        ...card,
        address: { ...brooklyn, administrativeArea: 'NY' },
      }),
    ).toEqual({});
  });
});
