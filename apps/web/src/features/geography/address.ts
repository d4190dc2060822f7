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
