import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDate, pushMessages } from '@pria/contracts';
import { IconBellRinging, IconDeviceMobile } from '@tabler/icons-react';
import { confirmAction } from '../../components/confirm.tsx';
import { pushSupported, thisDeviceId } from './push-browser.ts';
import { useRemovePushDevice, useSendTestPush, useTurnOnPush } from './push-mutations.ts';
import { usePushSettings } from './queries.ts';

/**
 * Account → Notifications → Devices: the browsers and installed apps that receive push, with a
 * test message and removal for each, and "Turn on notifications on this device".
 */
export function PushDevices() {
  const settings = usePushSettings();
  const turnOn = useTurnOnPush();
  const remove = useRemovePushDevice();
  const test = useSendTestPush();

  if (settings.isPending) return <Skeleton height={80} radius="md" aria-label="Loading your devices" />;
  if (settings.isError) return null;
  const { publicKey, devices } = settings.data;
  const mine = thisDeviceId();
  const thisOneOn = devices.some((d) => d.id === mine);
  // Refused by the browser (now, or before): said where the button is, not only in a toast.
  const blocked = typeof Notification !== 'undefined' && Notification.permission === 'denied';
  const browserRefusal = turnOn.error?.name === 'PushBlocked' ? turnOn.error.message : null;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="push-devices-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBellRinging size={20} aria-hidden />
          <Title order={3} size="h5" id="push-devices-title">
            Devices with push notifications
          </Title>
        </Group>
        {!publicKey ? (
          <Text size="sm" c="dimmed">
            {pushMessages.pushUnavailable}
          </Text>
        ) : !pushSupported() ? (
          <Text size="sm" c="dimmed">
            This browser can't receive push notifications. On an iPhone or iPad, add Pria to your Home Screen
            first, then turn them on from the app.
          </Text>
        ) : (
          !thisOneOn && (
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" c="dimmed">
                Get a notification on this device when we charge or pay back a card.
              </Text>
              <Button
                leftSection={<IconDeviceMobile size={16} aria-hidden />}
                loading={turnOn.isPending}
                onClick={() => turnOn.mutate(publicKey)}
                // A phone's width: the label wraps instead of being cut off.
                h="auto"
                py={6}
                maw="100%"
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              >
                Turn on notifications on this device
              </Button>
              {blocked ? (
                <Text size="sm" c="red.8" role="alert" w="100%">
                  Notifications are blocked for Pria in this browser. Allow them in the browser's site
                  settings (the icon left of the address), then try again.
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
          <Text size="sm">No devices yet.</Text>
        ) : (
          <Stack
            gap="xs"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label="Your devices"
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
                        This device
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    Added {formatDate(d.createdAt)}
                    {d.lastSentAt ? ` · last notification ${formatDate(d.lastSentAt)}` : ''}
                  </Text>
                </div>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    loading={test.isPending && test.variables === d.id}
                    onClick={() => test.mutate(d.id)}
                  >
                    Send a test
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    aria-label={`Remove ${d.device}`}
                    loading={remove.isPending && remove.variables === d.id}
                    onClick={() =>
                      confirmAction({
                        title: 'Remove this device?',
                        message: `${d.device} will stop getting Pria notifications. Email and SMS are not affected.`,
                        danger: true,
                        labels: { confirm: 'Remove', cancel: 'Cancel' },
                        onConfirm: () => remove.mutate(d.id),
                      })
                    }
                  >
                    Remove
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
