import type { Customer } from '../customer/types.ts';
import { type AddressValues, toAddressValues } from '../geography/address.ts';

export interface ProfileValues {
  firstName: string;
  middleName: string;
  lastName: string;
  phone: string;
  address: AddressValues;
}

export function toProfileValues(customer: Customer | undefined): ProfileValues {
  return {
    firstName: customer?.firstName ?? '',
    middleName: customer?.middleName ?? '',
    lastName: customer?.lastName ?? '',
    phone: customer?.phone ?? '',
    address: toAddressValues(customer?.address),
  };
}

/** Phone: digits only, at most 10 (the +1 is shown beside the field, never typed). */
export const cleanPhone = (raw: string) => raw.replace(/\D/g, '').slice(0, 10);
