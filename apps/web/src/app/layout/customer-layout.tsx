import { AppShell, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../../components/logo.tsx';
import { UserMenu } from './user-menu.tsx';

export function CustomerLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Logo />
            <UserMenu />
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        <Container size="lg" py="lg">
          {children}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
