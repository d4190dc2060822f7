import { Trans, useLingui } from '@lingui/react/macro';
import { Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, useEffect } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { takeEarlyTap } from '../../components/early-tap.ts';
import { LazyModal } from '../../components/lazy-modal.tsx';
import { Logo } from '../../components/logo.tsx';
import { useAuth } from '../auth/auth-state.tsx';
import { homePathFor } from '../auth/claims.ts';
import { useAuthActions } from '../auth/use-auth-actions.ts';
import classes from './public-header.module.css';
import { publicNavLinks } from './public-nav-links.ts';

/**
 * Spec: at 960px or less the links move into a hamburger sidebar. The header holds both the links
 * and the hamburger and its stylesheet shows one of them at the same 960px, so the prerendered
 * landing page is right at every width before any script runs.
 */
const NARROW = '(max-width: 960px)';

const PublicMenuDrawer = lazy(() => import('./public-menu-drawer.tsx'));

export function PublicHeader() {
  const [opened, { toggle, open, close }] = useDisclosure(false);
  // A tap on the hamburger before the app had started opens the menu now (ADR 11).
  useEffect(() => {
    if (takeEarlyTap('menu')) open();
  }, [open]);
  // The drawer belongs to the narrow layout: widening the window past 960px closes it. Read in an
  // effect, not while rendering, so hydrating the prerendered header on a phone renders nothing new.
  useEffect(() => {
    if (!opened) return;
    const list = window.matchMedia(NARROW);
    const onChange = () => {
      if (!list.matches) close();
    };
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [opened, close]);
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
            opened={opened}
            onClick={toggle}
            aria-label={t`Open menu`}
            aria-expanded={opened}
            data-early-tap="menu"
          />
          <Group className={classes.wideOnly} component="nav" aria-label={t`Main`} gap="lg" wrap="nowrap">
            <Group gap={4}>{links(classes.link)}</Group>
            <Group gap="sm">{accountButtons}</Group>
          </Group>
        </Group>
      </Container>
      {/* NOTE: mounted (and its code loaded) the first time it opens, then kept: a drawer renders through Mantine's
          Portal, which sets state in a layout effect when it mounts; React runs that update
          synchronously, and while the prerendered page was still being adopted it made React
          adopt all the rest at once. */}
      <LazyModal
        opened={opened}
        render={(open) => (
          <PublicMenuDrawer
            opened={open}
            onClose={close}
            links={links(classes.drawerLink)}
            accountButtons={accountButtons}
          />
        )}
      />
    </header>
  );
}
