import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDate, pushMessages } from '@pria/contracts';
import { IconBellRinging, IconDeviceMobile } from '@tabler/icons-react';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import { translated } from '../../app/i18n/contract-messages.ts';
import { confirmAction } from '../../components/confirm.tsx';
import { pushSupported, thisDeviceId } from './push-browser.ts';
import { useRemovePushDevice, useSendTestPush, useTurnOnPush } from './push-mutations.ts';
import { usePushSettings } from './queries.ts';

/**
 * Account → Notifications → Devices: the browsers and installed apps that receive push, with a
 * test message and removal for each, and "Turn on notifications on this device".
 */
export function PushDevices() {
  const { t } = useLingui();
  const locale = useCalendarLocale();
  const settings = usePushSettings();
  const turnOn = useTurnOnPush();
  const remove = useRemovePushDevice();
  const test = useSendTestPush();

  if (settings.isPending) return <Skeleton height={80} radius="md" aria-label={t`Loading your devices`} />;
  if (settings.isError) return null;
  const { publicKey, devices } = settings.data;
  const mine = thisDeviceId();
  const thisOneOn = devices.some((d) => d.id === mine);
  // Refused by the browser (now, or before): said where the button is, not only in a toast.
  const blocked = typeof Notification !== 'undefined' && Notification.permission === 'denied';
  const browserRefusal = turnOn.error?.name === 'PushBlocked' ? translated(turnOn.error.message) : null;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="push-devices-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBellRinging size={20} aria-hidden />
          <Title order={3} size="h5" id="push-devices-title">
            <Trans>Devices with push notifications</Trans>
          </Title>
        </Group>
        {!publicKey ? (
          <Text size="sm" c="dimmed">
            {pushMessages.pushUnavailable}
          </Text>
        ) : !pushSupported() ? (
          <Text size="sm" c="dimmed">
            <Trans>
              This browser can't receive push notifications. On an iPhone or iPad, add Pria to your Home
              Screen first, then turn them on from the app.
            </Trans>
          </Text>
        ) : (
          !thisOneOn && (
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" c="dimmed">
                <Trans>Get a notification on this device when we charge or pay back a card.</Trans>
              </Text>
              <Button
                leftSection={<IconDeviceMobile size={16} aria-hidden />}
                loading={turnOn.isPending}
                onClick={() => turnOn.mutate(publicKey)}
                // A phone's width: the label wraps instead of being cut off.
                h="auto"
                py={6}
                maw="100%"
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.3 } }}
              >
                <Trans>Turn on notifications on this device</Trans>
              </Button>
              {blocked ? (
                <Text size="sm" c="red.8" role="alert" w="100%">
                  <Trans>
                    Notifications are blocked for Pria in this browser. Allow them in the browser's site
                    settings (the icon left of the address), then try again.
                  </Trans>
                </Text>
              ) : (
                // Why the last try failed (no push service answering, issue 40), beside the button
                // that may be pressed again, not only in a toast that goes away.
                browserRefusal && (
                  <Text size="sm" c="red.8" role="alert" w="100%">
                    {browserRefusal}
                  </Text>
                )
              )}
            </Group>
          )
        )}
        {devices.length === 0 ? (
          <Text size="sm">
            <Trans>No devices yet.</Trans>
          </Text>
        ) : (
          <Stack
            gap="xs"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label={t`Your devices`}
          >
            {devices.map((d) => (
              <Group
                key={d.id}
                component="li"
                justify="space-between"
                wrap="wrap"
                gap="xs"
                py={6}
                style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              >
                <div>
                  <Group gap={6}>
                    <Text fw={600} size="sm">
                      {d.device}
                    </Text>
                    {d.id === mine && (
                      <Badge size="sm" variant="light">
                        <Trans>This device</Trans>
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {d.lastSentAt
                      ? t`Added ${formatDate(d.createdAt, 'long', locale)} · last notification ${formatDate(d.lastSentAt, 'long', locale)}`
                      : t`Added ${formatDate(d.createdAt, 'long', locale)}`}
                  </Text>
                </div>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    loading={test.isPending && test.variables === d.id}
                    onClick={() => test.mutate(d.id)}
                  >
                    <Trans>Send a test</Trans>
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    aria-label={t`Remove ${d.device}`}
                    loading={remove.isPending && remove.variables === d.id}
                    onClick={() =>
                      confirmAction({
                        title: t`Remove this device?`,
                        message: t`${d.device} will stop getting Pria notifications. Email and SMS are not affected.`,
                        danger: true,
                        labels: { confirm: t`Remove`, cancel: t`Cancel` },
                        onConfirm: () => remove.mutate(d.id),
                      })
                    }
                  >
                    <Trans>Remove</Trans>
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
