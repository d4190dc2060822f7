import { AppShell, Burger, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Logo } from '../../components/logo.tsx';
import classes from './customer-layout.module.css';

/**
 * A signed-in screen before its code has run: the customer header and the screen's title over a
 * loader, laid out as CustomerLayout lays them out. Rendered only at build time, into the screen's
 * HTML (src/prerender.tsx, build/prerender.ts), so a first visit shows the page's frame as soon as
 * the HTML and stylesheets arrive; the app takes over once it has rendered the screen (app-shell.ts).
 */
export function CustomerShell({ title }: { title: string }) {
  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" gap="sm" wrap="nowrap">
            {/* The menu button's place; it works once the app runs. */}
            <Burger size="sm" disabled aria-hidden tabIndex={-1} />
            <Logo />
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        <Container size="lg" py={{ base: 'sm', sm: 'lg' }} px={{ base: 0, sm: 'md' }}>
          <Stack gap="xl">
            <Title order={1} c="navy.9">
              {title}
            </Title>
            <Center py="xl" role="status">
              <Stack align="center" gap="sm">
                <Loader size="lg" />
                <Text c="dimmed" size="sm">
                  Loading…
                </Text>
              </Stack>
            </Center>
          </Stack>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
