import { AppShell, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../../components/logo.tsx';
import classes from './customer-layout.module.css';

/**
 * The signed-in customer's frame: the header (menu button, logo, the actions on the right) over
 * the page's container. The live layout (CustomerLayout) and the build-time frame of a screen
 * (CustomerShell, ADR 12) both render it, so they cannot drift apart.
 */
export function CustomerFrame({
  burger,
  actions,
  mainId,
  children,
}: {
  burger: ReactNode;
  actions?: ReactNode;
  /** The skip link's target; only the live layout has one (the frame sits beside it for a moment). */
  mainId?: string;
  children: ReactNode;
}) {
  return (
    <AppShell header={{ height: 64 }} padding="md">
      {/* Its shadow once the page is scrolled: public/page-chrome.js. */}
      <AppShell.Header className={classes.header} data-shadow-when-scrolled>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              {burger}
              <Logo />
            </Group>
            {actions && (
              <Group gap="sm" wrap="nowrap">
                {actions}
              </Group>
            )}
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main bg="gray.0" id={mainId} tabIndex={mainId ? -1 : undefined}>
        <Container size="lg" py={{ base: 'sm', sm: 'lg' }} px={{ base: 0, sm: 'md' }}>
          {children}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
