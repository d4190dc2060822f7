import { AppShell, Badge, Button, Group } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Logo } from '../../components/logo.tsx';
import { useAuthActions } from '../auth/use-auth-actions.ts';

export function AdminLayout({ children }: { children: ReactNode }) {
  const { logOut } = useAuthActions();
  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Logo />
            <Badge variant="light">Staff</Badge>
          </Group>
          <Button variant="default" leftSection={<IconLogout size={16} />} onClick={() => void logOut()}>
            Logout
          </Button>
        </Group>
      </AppShell.Header>
      <AppShell.Main bg="gray.0">{children}</AppShell.Main>
    </AppShell>
  );
}
