import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { confirmAction } from '../../components/confirm.tsx';
import { useSignOutEverywhere } from './mutations.ts';

/**
 * Account → Security → "Sign out everywhere" (issue 30): ends every session, refresh token and
 * access token of the account, on every device, this one too.
 */
export function SignOutEverywhere() {
  const { t } = useLingui();
  const signOut = useSignOutEverywhere();
  const ask = () =>
    confirmAction({
      title: t`Sign out everywhere?`,
      message: t`Every device signed in to your Pria account is signed out within seconds.`,
      details: [
        t`This device too: you log in again afterwards.`,
        t`Use it if you signed in on a device you no longer have, or one you do not trust.`,
      ],
      danger: true,
      labels: { confirm: t`Sign out everywhere`, cancel: t`Cancel` },
      onConfirm: () => signOut.mutate(),
    });
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm" c="dimmed">
        <Trans>Signed in somewhere you no longer are? End every session of your account at once.</Trans>
      </Text>
      <Button
        variant="light"
        color="red"
        size="sm"
        leftSection={<IconLogout size={16} aria-hidden />}
        onClick={ask}
        loading={signOut.isPending}
      >
        <Trans>Sign out everywhere</Trans>
      </Button>
    </Stack>
  );
}
