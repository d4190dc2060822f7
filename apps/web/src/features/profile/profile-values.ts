import { onboardingProfileUpdate, type ProfileUpdate, profileUpdate } from '@pria/contracts';
import { zodValidate } from '../../components/form/zod-validate.ts';
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

const schemaFor = (onboarding: boolean) => (onboarding ? onboardingProfileUpdate : profileUpdate);

/** Same schema as the API; in onboarding street, city and state are required too. */
export const validateProfile = (onboarding: boolean) => zodValidate<ProfileValues>(schemaFor(onboarding));

/** What PUT /customers/me receives: trimmed, empty optionals as null, country US, no email. */
export function toProfilePayload(values: ProfileValues, onboarding: boolean): ProfileUpdate {
  return schemaFor(onboarding).parse(values);
}

/** Phone: digits only, at most 10 (the +1 is shown beside the field, never typed). */
export const cleanPhone = (raw: string) => raw.replace(/\D/g, '').slice(0, 10);
