import { describe, expect, it } from 'vitest';
import { newCardCheckoutErrors } from '../checkout/checkout-checks.ts';
import { emptyCheckout } from '../checkout/checkout-values.ts';
import { cardFormErrors } from './card-checks.ts';
import type { CardFormState } from './card-form-values.ts';
import type { MicroformFields } from './microform/use-microform.ts';

// The card form's checks in its three modes and at checkout (ADR 88's addendum: the schemas in
// zod's mini API must keep every message).
const valid: CardFormState = {
  name: 'Ann Example',
  number: '4111 1111 1111 1111',
  brand: '001',
  expirationDate: '12/99',
  cvc: '123',
  address: {
    address1: '1 Main St',
    address2: '',
    locality: 'Springfield',
    administrativeArea: 'IL',
    country: 'US',
    postalCode: '62701',
  },
};
const empty: CardFormState = {
  name: '',
  number: '',
  brand: '',
  expirationDate: '',
  cvc: '',
  address: { ...valid.address, address1: '', locality: '', administrativeArea: '', postalCode: '' },
};
const requiredMessages = {
  name: 'Name on card is required',
  number: 'Card Number is required',
  brand: 'Card brand is required',
  expirationDate: 'Expiry Date is required',
  cvc: 'CVC is required',
  'address.address1': 'Street 1 is required',
  'address.locality': 'City is required',
  'address.administrativeArea': 'State is required',
  'address.postalCode': 'Postal Code is required',
};
const hostedReady = {
  status: 'ready',
  number: { empty: false, valid: true },
  securityCode: { empty: false, valid: true },
  brand: 'visa',
} as unknown as MicroformFields;

describe('a new card', () => {
  it('says nothing of a valid card', () => {
    expect(cardFormErrors(valid, { editing: false })).toEqual({});
  });

  it("says each missing field's message", () => {
    expect(cardFormErrors(empty, { editing: false })).toEqual(requiredMessages);
  });

  it('refuses a card of another brand, a wrong number, a past or malformed expiry, a short CVC', () => {
    expect(cardFormErrors({ ...valid, number: '3782 822463 10005' }, { editing: false })).toEqual({
      number: 'Only Visa and Mastercard cards are accepted',
    });
    expect(
      cardFormErrors(
        {
          ...valid,
          number: '4111 1111 1111 1112',
          expirationDate: '01/20',
          cvc: '12',
          name: 'x'.repeat(101),
        },
        { editing: false },
      ),
    ).toEqual({
      name: 'Name on card must be at most 100 characters',
      number: 'Invalid card number',
      expirationDate: 'Invalid Date',
      cvc: 'Invalid CVC',
    });
    expect(cardFormErrors({ ...valid, expirationDate: '1/30' }, { editing: false })).toEqual({
      expirationDate: 'Invalid date format',
    });
  });

  it("with the processor's hosted fields, leaves number and CVC to them", () => {
    expect(cardFormErrors({ ...empty, name: 'Ann' }, { editing: false, hosted: hostedReady })).toEqual({
      expirationDate: 'Expiry Date is required',
      'address.address1': 'Street 1 is required',
      'address.locality': 'City is required',
      'address.administrativeArea': 'State is required',
      'address.postalCode': 'Postal Code is required',
    });
  });
});

describe('a card edited', () => {
  it('checks only its expiry and billing address', () => {
    expect(cardFormErrors(empty, { editing: true })).toEqual({
      expirationDate: 'Expiry Date is required',
      'address.address1': 'Street 1 is required',
      'address.locality': 'City is required',
      'address.administrativeArea': 'State is required',
      'address.postalCode': 'Postal Code is required',
    });
    expect(
      cardFormErrors({ ...valid, address: { ...valid.address, postalCode: '11201' } }, { editing: true }),
    ).toEqual({ 'address.postalCode': 'ZIP code does not match the state' });
  });
});

describe('a new card at checkout', () => {
  it('checks the card and its phone, in zod’s own English where the contracts have no words', () => {
    expect(newCardCheckoutErrors({ ...emptyCheckout, ...valid, phone: '' })).toEqual({});
    expect(newCardCheckoutErrors({ ...emptyCheckout, ...valid, phone: '1'.repeat(15) })).toEqual({
      phone: 'Too big: expected string to have <=14 characters',
    });
  });
});
