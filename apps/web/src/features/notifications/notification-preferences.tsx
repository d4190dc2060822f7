import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Fieldset, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { type NotificationPreferences, type NotificationType, notificationTypes } from '@pria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useCustomer } from '../customer/queries.ts';
import { useSaveNotificationPreferences } from './mutations.ts';
import { PushDevices } from './push-devices.tsx';
import { useNotificationPreferences, usePushSettings } from './queries.ts';

/** Spec: payin is shown as Charges, payout as Payments, subscription as Subscription Updates. */
export const notificationTypeLabel: Record<
  NotificationType,
  { label: MessageDescriptor; description: MessageDescriptor }
> = {
  payin: { label: msg`Charges`, description: msg`When we place the monthly charge on one of your cards` },
  payout: { label: msg`Payments`, description: msg`When we pay the charge back to your card` },
  subscription: { label: msg`Subscription Updates`, description: msg`Renewals, pauses and plan changes` },
};

type Channel = keyof NotificationPreferences;

const channels: { key: Channel; name: MessageDescriptor; legend: MessageDescriptor }[] = [
  { key: 'forEmail', name: msg`Email`, legend: msg`Email notifications` },
  { key: 'forSms', name: msg`SMS`, legend: msg`SMS notifications` },
  { key: 'forPush', name: msg`Push`, legend: msg`Push notifications` },
];

/** Master checkbox: all three set or cleared; on when all three are chosen, off when none. */
export function withAll(preferences: NotificationPreferences, channel: Channel, on: boolean) {
  return { ...preferences, [channel]: on ? [...notificationTypes] : [] };
}

export function withType(
  preferences: NotificationPreferences,
  channel: Channel,
  type: NotificationType,
  on: boolean,
): NotificationPreferences {
  const chosen = new Set(preferences[channel]);
  if (on) chosen.add(type);
  else chosen.delete(type);
  return { ...preferences, [channel]: notificationTypes.filter((t) => chosen.has(t)) };
}

/** Account page → Notifications: per channel, a master checkbox and the three message types. */
export function NotificationPreferencesForm() {
  const { t, i18n } = useLingui();
  const preferences = useNotificationPreferences();
  const customer = useCustomer();
  const push = usePushSettings();
  const save = useSaveNotificationPreferences();

  if (preferences.isPending) {
    return <Skeleton height={180} radius="md" aria-label={t`Loading notification preferences`} />;
  }
  if (preferences.isError) {
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle aria-hidden />}
        title={t`Could not load your notification preferences`}
      >
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void preferences.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    );
  }
  const current = preferences.data;
  const noPhone = customer.data && !customer.data.phone;
  const noDevice = push.data && push.data.devices.length === 0;
  const hint = (key: Channel) => {
    if (key === 'forSms' && noPhone)
      return t`All three types. Add a phone number in Personal Information to get texts.`;
    if (key === 'forPush' && noDevice)
      return t`All three types. Turn on notifications on a device below to get them.`;
    return t`All three types`;
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        <Trans>Choose what we tell you about, and how. Changes are saved as you make them.</Trans>
      </Text>
      {/* Transactional emails (issue 40): the server sends them whatever these boxes say. */}
      <Text size="sm" data-testid="always-emailed">
        <Trans>
          We always email your receipts, refunds, plan changes and security notices, whatever you choose here.
        </Trans>
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {channels.map(({ key, name, legend }) => {
          const count = current[key].length;
          const all = count === notificationTypes.length;
          return (
            <Fieldset key={key} legend={i18n._(legend)} radius="md" variant="filled">
              <Stack gap="sm">
                <Checkbox
                  label={i18n._(name)}
                  description={hint(key)}
                  checked={all}
                  indeterminate={count > 0 && !all}
                  onChange={(event) => save.mutate(withAll(current, key, event.currentTarget.checked))}
                  fw={600}
                />
                <Stack gap="xs" pl="lg">
                  {notificationTypes.map((type) => (
                    <Checkbox
                      key={type}
                      label={i18n._(notificationTypeLabel[type].label)}
                      description={i18n._(notificationTypeLabel[type].description)}
                      checked={current[key].includes(type)}
                      onChange={(event) =>
                        save.mutate(withType(current, key, type, event.currentTarget.checked))
                      }
                    />
                  ))}
                </Stack>
              </Stack>
            </Fieldset>
          );
        })}
      </SimpleGrid>
      <PushDevices />
    </Stack>
  );
}
