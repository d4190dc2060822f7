import { onboardingProfileUpdate, type ProfileUpdate, profileUpdate } from '@pria/contracts/profile-update';
import { zodValidate } from '../../components/form/zod-validate.ts';
import { formErrorsInLanguage } from './form-words.ts';
import type { ProfileValues } from './profile-values.ts';

/**
 * The profile form's checks and payload: the API's own schemas (zod's mini API, ADR 88's
 * addendum), loaded once the form is on screen (`laterChecks`, issue 43).
 */

const schemaFor = (onboarding: boolean) => (onboarding ? onboardingProfileUpdate : profileUpdate);

/** Same schema as the API; in onboarding street, city and state are required too. */
export const validateProfile = (onboarding: boolean) => zodValidate<ProfileValues>(schemaFor(onboarding));

/** The form's errors, in the language spoken. */
export const profileErrors = (values: ProfileValues, onboarding: boolean) =>
  formErrorsInLanguage(validateProfile(onboarding)(values));

/** What PUT /customers/me receives: trimmed, empty optionals as null, country US, no email. */
export function toProfilePayload(values: ProfileValues, onboarding: boolean): ProfileUpdate {
  return schemaFor(onboarding).parse(values);
}
