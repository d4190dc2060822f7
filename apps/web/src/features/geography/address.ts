import type { Address } from '../customer/types.ts';

/** Address as the forms hold it: strings only, country fixed to US. */
export interface AddressValues {
  address1: string;
  address2: string;
  locality: string;
  administrativeArea: string;
  country: 'US';
  postalCode: string;
}

export const emptyAddress: AddressValues = {
  address1: '',
  address2: '',
  locality: '',
  administrativeArea: '',
  country: 'US',
  postalCode: '',
};

export function toAddressValues(address: Partial<Address> | null | undefined): AddressValues {
  return {
    address1: address?.address1 ?? '',
    address2: address?.address2 ?? '',
    locality: address?.locality ?? '',
    administrativeArea: address?.administrativeArea ?? '',
    country: 'US',
    postalCode: address?.postalCode ?? '',
  };
}

/**
 * Spec: "changing state sets the zip from a lookup" — but never over a ZIP the customer typed
 * that belongs to the state chosen (issue 29: 11201 became 10001). Only an empty ZIP, or one the
 * lookup places in another state, is replaced; an unknown or half-typed ZIP is left for the
 * customer (validation names it).
 */
export function shouldProposeZip(typedZip: string, stateOfTypedZip: string | undefined, chosenState: string) {
  if (typedZip.trim() === '') return true;
  return stateOfTypedZip !== undefined && stateOfTypedZip !== chosenState;
}
