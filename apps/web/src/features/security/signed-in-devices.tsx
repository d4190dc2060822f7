import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { deviceMessages, formatDateTime, type SignedInDevice } from '@pria/contracts';
import { IconDeviceDesktop, IconLogout } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../app/api-client.ts';
import { useAuthActions } from '../../app/auth/use-auth-actions.ts';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import { notifySuccess } from '../../app/notify.ts';
import { confirmAction } from '../../components/confirm.tsx';
import { notifyApiError } from '../../components/notify-api-error.ts';

const sessionKeys = { all: ['account-sessions'] as const };

/** GET /account/sessions: the devices signed in to the account and its latest sign-ins. */
function useAccountSessions() {
  return useQuery({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => dataOf(api.GET('/api/v1/account/sessions', { signal })),
    refetchOnWindowFocus: 'always',
  });
}

/** DELETE /account/sessions/{id}: that device must sign in again; the customer is emailed. */
function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      dataOf(api.DELETE('/api/v1/account/sessions/{id}', { params: { path: { id } } })),
    onSuccess: () => notifySuccess(deviceMessages.signedOut),
    onError: (error) => notifyApiError(error, deviceMessages.couldNotSignOut),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

function DeviceRow({
  device,
  busy,
  onSignOut,
  onLogOut,
}: {
  device: SignedInDevice;
  busy: boolean;
  onSignOut: (d: SignedInDevice) => void;
  onLogOut: () => void;
}) {
  const { t } = useLingui();
  const locale = useCalendarLocale();
  const place = device.place;
  const when = formatDateTime(device.signedInAt, 'long', locale);
  const name = device.device;
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 12rem' }}>
          <Group gap="xs" wrap="wrap">
            <IconDeviceDesktop size={18} aria-hidden />
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {device.device}
            </Text>
            {device.current && (
              <Badge variant="light" color="teal" size="sm">
                <Trans>This device</Trans>
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            <Trans>
              {place} · Signed in {when}
            </Trans>
          </Text>
        </Stack>
        {device.current ? (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconLogout size={14} aria-hidden />}
            onClick={onLogOut}
          >
            <Trans>Logout</Trans>
          </Button>
        ) : (
          <Button
            variant="light"
            color="red"
            size="xs"
            aria-label={t`Sign out ${name}`}
            leftSection={<IconLogout size={14} aria-hidden />}
            loading={busy}
            onClick={() => onSignOut(device)}
          >
            {/* "this device" beside another device read as the one in hand (the walk); its name
                says which: "Sign out Chrome on Linux". */}
            <Trans>Sign out</Trans>
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/**
 * Account → Security → Signed-in devices and Recent sign-ins (issue 40): each device in words, the
 * network it signed in from (we look up no place, and say so), when (New York time); another
 * device is signed out after a confirmation, this one logs out as Logout does.
 */
export function SignedInDevices() {
  const sessions = useAccountSessions();
  const signOut = useSignOutDevice();
  const { logOut } = useAuthActions();
  const { t } = useLingui();
  const locale = useCalendarLocale();

  const ask = (device: SignedInDevice) => {
    const name = device.device;
    const place = device.place;
    const when = formatDateTime(device.signedInAt, 'long', locale);
    confirmAction({
      title: t`Sign out ${name}?`,
      message: t`${name} (${place}, signed in ${when}) is signed out of your Pria account.`,
      details: [
        t`It must sign in again with your password to use Pria.`,
        t`We email you that a device was signed out.`,
      ],
      danger: true,
      labels: { confirm: t`Sign out device`, cancel: t`Cancel` },
      onConfirm: () => signOut.mutate(device.id),
    });
  };

  if (sessions.isPending)
    return <Skeleton height={120} radius="md" aria-label={t`Loading your devices and sign-ins`} />;
  if (sessions.isError)
    return (
      <Alert color="red" variant="light" title={deviceMessages.couldNotLoad}>
        <Button size="xs" variant="default" mt="xs" onClick={() => void sessions.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    );

  const { devices, signIns } = sessions.data;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        <Trans>
          Places are not looked up: each device shows the network it signed in from, as Pria saw it. Times are
          New York time.
        </Trans>
      </Text>
      <Stack gap="xs">
        <Text fw={600} size="sm" id="signed-in-devices-title">
          <Trans>Signed-in devices</Trans>
        </Text>
        {devices.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No device is signed in with Pria's sign-in here.</Trans>
          </Text>
        ) : (
          <Stack
            component="ul"
            gap="xs"
            aria-labelledby="signed-in-devices-title"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {devices.map((d) => (
              <DeviceRow
                key={d.id}
                device={d}
                busy={signOut.isPending && signOut.variables === d.id}
                onSignOut={ask}
                onLogOut={() => void logOut()}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <Stack gap="xs">
        <Text fw={600} size="sm" id="recent-sign-ins-title">
          <Trans>Recent sign-ins</Trans>
        </Text>
        {signIns.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No sign-in recorded yet.</Trans>
          </Text>
        ) : (
          <Stack
            component="ul"
            gap={4}
            aria-labelledby="recent-sign-ins-title"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {signIns.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: sign-ins have no id; the list is replaced whole
              <Text component="li" size="sm" key={i} style={{ overflowWrap: 'anywhere' }}>
                {s.current
                  ? t`${formatDateTime(s.at, 'long', locale)}: ${s.device}, ${s.place} (this device)`
                  : s.signedIn
                    ? t`${formatDateTime(s.at, 'long', locale)}: ${s.device}, ${s.place}`
                    : t`${formatDateTime(s.at, 'long', locale)}: ${s.device}, ${s.place} (signed out)`}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
