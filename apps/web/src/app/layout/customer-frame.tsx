import { Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../../components/logo.tsx';
import classes from './customer-layout.module.css';

/**
 * The signed-in customer's frame: the header (menu button, logo, the actions on the right) over
 * the page's container. The live layout (CustomerLayout) and the build-time frame of a screen
 * (CustomerShell, ADR 12) both render it, so they cannot drift apart.
 *
 * A fixed header over a padded main, in customer-layout.module.css: Mantine's AppShell did the same
 * with 5 KB of layout code for navbars, asides and footers this frame has none of, and its header
 * imported react-remove-scroll (3.5 KB) for one class name, in every customer route's first load
 * (issue 43). `right-scroll-bar-position` is that class: react-remove-scroll, which Mantine's
 * dialogs use, keeps a header with it from shifting when a dialog locks the page's scroll.
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
    <>
      {/* Its shadow once the page is scrolled: public/page-chrome.js. */}
      <header className={`${classes.header} right-scroll-bar-position`} data-shadow-when-scrolled>
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
      </header>
      <Box component="main" className={classes.main} id={mainId} tabIndex={mainId ? -1 : undefined}>
        <Container size="lg" py={{ base: 'sm', sm: 'lg' }} px={{ base: 0, sm: 'md' }}>
          {children}
        </Container>
      </Box>
    </>
  );
}
