import { Trans, useLingui } from '@lingui/react/macro';
import { Paper, Text, Title } from '@mantine/core';
import { useDelayedAction } from '../../components/use-delayed-action.ts';
import { useUpdateProfile } from '../customer/mutations.ts';
import type { Customer } from '../customer/types.ts';
import { ProfileForm } from '../profile/profile-form.tsx';

/**
 * Step 0: profile, saved with ?onboarding=true; `onSaved` at once (the page saves the next step
 * then), `onDone` 1.5 s after 'Updated successfully' (the spec's pause).
 */
export function ProfileStep({
  customer,
  onSaved,
  onDone,
}: {
  customer: Customer;
  onSaved: () => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const update = useUpdateProfile({ onboarding: true });
  const later = useDelayedAction();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} size="h3" c="navy.9">
        <Trans>Your details</Trans>
      </Title>
      <Text c="dimmed" size="sm" mb="lg">
        <Trans>We use them for your account and as the billing address of your cards.</Trans>
      </Text>
      <ProfileForm
        customer={customer}
        onboarding
        saving={update.isPending}
        submitLabel={t`Save and continue`}
        onSubmit={(payload) =>
          update.mutate(payload, {
            onSuccess: () => {
              onSaved();
              later(onDone, 1500);
            },
          })
        }
      />
    </Paper>
  );
}
