import { Trans, useLingui } from '@lingui/react/macro';
import { Skeleton, Stack, Text } from '@mantine/core';
import { useUpdateProfile } from '../customer/mutations.ts';
import { useCustomer } from '../customer/queries.ts';
import { ProfileForm } from '../profile/profile-form.tsx';
import { AccountLanguageSwitch } from './account-language-switch.tsx';

export function PersonalInfoForm() {
  const { t } = useLingui();
  const customer = useCustomer();
  const update = useUpdateProfile();
  if (!customer.data) return <Skeleton height={320} radius="md" aria-label={t`Loading your profile`} />;
  return (
    <Stack gap="xl">
      <ProfileForm
        key={customer.dataUpdatedAt}
        customer={customer.data}
        saving={update.isPending}
        submitLabel={t`Save changes`}
        onSubmit={(payload) => update.mutate(payload)}
      />
      <LanguageChoice />
    </Stack>
  );
}

/** Issue 42: the language Pria speaks to the customer, on every device and in every message. */
function LanguageChoice() {
  return (
    <Stack gap={4}>
      <Text fw={500} fz="sm">
        <Trans>Language</Trans>
      </Text>
      <Text fz="sm" c="dimmed">
        <Trans>Pria writes to you in this language on every device: the app, emails and text messages.</Trans>
      </Text>
      <AccountLanguageSwitch />
    </Stack>
  );
}
