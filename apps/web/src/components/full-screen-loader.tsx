import { Trans } from '@lingui/react/macro';
import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useHoldAppShell } from '../app/app-shell.ts';

export function FullScreenLoader({ label = <Trans>Loading…</Trans> }: { label?: ReactNode }) {
  useHoldAppShell();
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
