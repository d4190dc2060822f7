import { Trans } from '@lingui/react/macro';
import { Burger, Center, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { CustomerFrame } from './customer-frame.tsx';

/**
 * A signed-in screen before its code has run: the customer header and the screen's title over a
 * loader, in the same CustomerFrame as CustomerLayout. Rendered only at build time, into the screen's
 * HTML (src/prerender.tsx, build/prerender.ts), so a first visit shows the page's frame as soon as
 * the HTML and stylesheets arrive; the app takes over once it has rendered the screen (app-shell.ts).
 */
export function CustomerShell({ title }: { title: string }) {
  return (
    // The menu button's place; it works once the app runs.
    <CustomerFrame burger={<Burger size="sm" disabled aria-hidden tabIndex={-1} />}>
      <Stack gap="xl">
        <Title order={1} c="navy.9">
          {title}
        </Title>
        <Center py="xl" role="status">
          <Stack align="center" gap="sm">
            <Loader size="lg" />
            <Text c="dimmed" size="sm">
              <Trans>Loading…</Trans>
            </Text>
          </Stack>
        </Center>
      </Stack>
    </CustomerFrame>
  );
}

/**
 * A customer's first screen rendered by the server into the page (src/prerender.tsx
 * renderFirstScreen, ADR 80): seen as the app will show it, but inert until the app takes its
 * place (nothing in it pretends to work before the app does, nor takes focus); screen readers hear
 * that the page is loading, as with the frame.
 */
export function RenderedFirstScreen({ children }: { children: ReactNode }) {
  return (
    <>
      <VisuallyHidden role="status">
        <Trans>Loading…</Trans>
      </VisuallyHidden>
      <div inert>
        <CustomerFrame burger={<Burger size="sm" disabled aria-hidden tabIndex={-1} />}>
          {children}
        </CustomerFrame>
      </div>
    </>
  );
}
