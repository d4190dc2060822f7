import { useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ProfileUpdate, textLimits } from '@pria/contracts';
import columns from '../../components/columns.module.css';
import { afterChecks, laterChecks, useChecksStarted } from '../../components/form/later-checks.ts';
import { LimitedTextInput } from '../../components/form/limited-text.tsx';
import type { Customer } from '../customer/types.ts';
import { AddressFields } from '../geography/address-fields.tsx';
import { EmailField } from './email-field.tsx';
import { cleanPhone, type ProfileValues, toProfileValues } from './profile-values.ts';

interface ProfileFormProps {
  customer: Customer;
  onboarding?: boolean;
  saving: boolean;
  submitLabel?: string;
  /** What PUT /customers/me is sent: the values checked and shaped by the API's schema. */
  onSubmit: (payload: ProfileUpdate) => void;
  /** Extra buttons beside submit (e.g. nothing in the account page, 'later' in onboarding). */
  secondary?: React.ReactNode;
}

/** The phone number the field's hint gives as an example (the spec's, as in its error message). */
const phoneExample = '2025550104';

/** The profile's checks (zod, the API's profile and address schemas), loaded once the form is on screen. */
const profileChecks = laterChecks(() => import('./profile-checks.ts'));

/** Personal information: names, read-only email, phone (+1) and address. */
export function ProfileForm({
  customer,
  onboarding = false,
  saving,
  submitLabel,
  onSubmit,
  secondary,
}: ProfileFormProps) {
  const { t } = useLingui();
  const form = useForm<ProfileValues>({
    mode: 'controlled',
    initialValues: toProfileValues(customer),
    // The submit waits for the checks first (`afterChecks`).
    validate: (values) => profileChecks.current()?.profileErrors(values, onboarding) ?? {},
  });
  useChecksStarted(profileChecks);
  const submit = afterChecks(
    profileChecks,
    form.onSubmit((values) => {
      const checks = profileChecks.current();
      if (checks) onSubmit(checks.toProfilePayload(values, onboarding));
    }),
  );
  // NOTE: the spec's "state defaults to the first list option" put Brooklyn in Alabama (issue 29):
  // the state starts empty and onboarding asks for it ('State is required'); see ADR 31.

  return (
    <form onSubmit={submit} noValidate aria-label={t`Personal information`}>
      <Stack gap="md">
        <div className={columns.grid}>
          <div className={columns.thirdFromSm}>
            <LimitedTextInput
              label={t`First name`}
              autoComplete="given-name"
              withAsterisk
              maxLength={textLimits.name}
              {...form.getInputProps('firstName')}
            />
          </div>
          <div className={columns.thirdFromSm}>
            <LimitedTextInput
              label={t`Middle name`}
              autoComplete="additional-name"
              maxLength={textLimits.name}
              {...form.getInputProps('middleName')}
            />
          </div>
          <div className={columns.thirdFromSm}>
            <LimitedTextInput
              label={t`Last name`}
              autoComplete="family-name"
              withAsterisk
              maxLength={textLimits.name}
              {...form.getInputProps('lastName')}
            />
          </div>
          <div className={columns.halfFromSm}>
            <EmailField customer={customer} showVerify={!onboarding} />
          </div>
          <div className={columns.halfFromSm}>
            <TextInput
              label={t`Phone number`}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              // No maxLength: the browser would cut a pasted "(202) 555-0104" to "(202) 555-" before
              // cleanPhone keeps its digits (a walk); cleanPhone keeps ten.
              withAsterisk
              leftSection="+1"
              leftSectionProps={{ 'aria-hidden': true }}
              // The example is said, not shown in the box: grey digits there read as a number typed.
              description={t`US number, 10 digits. Example: ${phoneExample}`}
              {...form.getInputProps('phone')}
              onChange={(event) => form.setFieldValue('phone', cleanPhone(event.currentTarget.value))}
            />
          </div>
        </div>
        <AddressFields form={form} required={onboarding} streetLabel={onboarding ? t`Street` : t`Street 1`} />
        <Group justify="flex-end" gap="sm">
          {secondary}
          <Button type="submit" loading={saving}>
            {submitLabel ?? t`Save`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
