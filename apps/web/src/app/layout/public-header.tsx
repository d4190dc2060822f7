import { Trans, useLingui } from '@lingui/react/macro';
import { Burger, Button, CloseButton, Container, Group, Stack, Title } from '@mantine/core';
import { useRef } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { useAuth } from '../auth/auth-state.tsx';
import { homePathFor } from '../auth/claims.ts';
import { useAuthActions } from '../auth/use-auth-actions.ts';
import classes from './public-header.module.css';
import { publicNavLinks } from './public-nav-links.ts';

/** The phone menu's id: its buttons name it (`commandfor`). */
const MENU_ID = 'public-menu';

/**
 * The browser's own invoker commands: the button opens or closes the dialog by itself, with or
 * without the app (public/page-chrome.js does it where the browser cannot yet). Not in React's
 * types: passed as the plain attributes they are.
 */
const invokes = (command: 'show-modal' | 'close') => ({ commandfor: MENU_ID, command }) as object;

/**
 * Spec: at 960px or less the links move into a hamburger sidebar, page scrolling locked while it is
 * open. The header holds both the links and the hamburger and its stylesheet shows one of them at
 * the same 960px, so a prerendered page is right at every width before any script runs.
 * The sidebar is a native modal <dialog> in the page from the start (ADR 82): the hamburger opens it
 * through the browser's invoker command, so it opens at once on a page sent without the app; the
 * browser traps the keyboard in it, closes it on Escape or a tap outside (`closedby="any"`) and
 * gives the focus back to the hamburger; the stylesheet locks the page's scrolling while it is open;
 * page-chrome.js closes it when the window widens past 960px. The app only closes it when one of
 * its links navigates inside the app.
 */
export function PublicHeader() {
  const menu = useRef<HTMLDialogElement>(null);
  const close = () => menu.current?.close();
  const auth = useAuth();
  const { logOut } = useAuthActions();
  const navigate = useNavigate();
  const signedIn = auth.isAuthenticated;
  const { t, i18n } = useLingui();

  const links = (className: string | undefined) =>
    publicNavLinks.map((link) => (
      <NavLink key={link.to} to={link.to} className={className} onClick={close}>
        {i18n._(link.label)}
      </NavLink>
    ));

  const accountButtons = signedIn ? (
    <>
      <Button
        variant="default"
        onClick={() => {
          close();
          navigate(homePathFor(auth.user?.access_token));
        }}
      >
        <Trans>Dashboard</Trans>
      </Button>
      <Button onClick={() => void logOut()}>
        <Trans>Log Out</Trans>
      </Button>
    </>
  ) : (
    <>
      {/* Links to the routes that start the hosted flow: they work before the app has taken over
          the prerendered page (a tap on a script-only button was lost until then). */}
      <Button component={Link} to="/login" variant="default">
        <Trans>Log In</Trans>
      </Button>
      <Button component={Link} to="/signup">
        <Trans>Sign Up</Trans>
      </Button>
    </>
  );

  return (
    // Its shadow once the page is scrolled: public/page-chrome.js, with or without the app.
    <header className={classes.header} data-shadow-when-scrolled>
      <Container size="lg">
        <Group justify="space-between" wrap="nowrap">
          <Logo />
          <Burger
            className={classes.narrowOnly}
            opened={false}
            aria-label={t`Open menu`}
            aria-haspopup="dialog"
            aria-controls={MENU_ID}
            {...invokes('show-modal')}
          />
          <Group className={classes.wideOnly} component="nav" aria-label={t`Main`} gap="lg" wrap="nowrap">
            <Group gap={4}>{links(classes.link)}</Group>
            <Group gap="sm">{accountButtons}</Group>
          </Group>
        </Group>
      </Container>
      <dialog
        ref={menu}
        id={MENU_ID}
        className={classes.menu}
        aria-labelledby={`${MENU_ID}-title`}
        closedby="any"
        // The menu belongs to the narrow layout: page-chrome.js closes it when the window widens.
        data-close-unless="(max-width: 960px)"
      >
        <Group justify="space-between" wrap="nowrap" mb="md">
          <Title order={2} id={`${MENU_ID}-title`} className={classes.menuTitle}>
            <Trans>Menu</Trans>
          </Title>
          <CloseButton aria-label={t`Close menu`} size="xl" {...invokes('close')} />
        </Group>
        <Stack component="nav" aria-label={t`Mobile`} gap={4}>
          {links(classes.drawerLink)}
          <Stack gap="sm" mt="lg" className={classes.menuButtons}>
            {accountButtons}
          </Stack>
        </Stack>
      </dialog>
    </header>
  );
}
