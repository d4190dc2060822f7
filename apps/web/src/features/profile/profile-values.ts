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

/**
 * Phone: digits only, at most 10 (the +1 is shown beside the field, never typed). What is pasted
 * the way numbers are written ("(202) 555-0104", "+1 202 555 0104") keeps its ten digits: the
 * country's 1 before them is dropped (a walk: the field's own length limit cut them first).
 */
export const cleanPhone = (raw: string) => {
  const digits = raw.replace(/\D/g, '');
  return (digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits).slice(0, 10);
};
