import { AppShell, Badge, Burger, Drawer, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Logo } from '../../components/logo.tsx';
import { clearCameFromAdmin } from '../../features/admin/back-to-dashboard.ts';
import { ForcedRunsProvider } from '../../features/admin/forced-runs/forced-runs-context.tsx';
import { RunProgressPanel } from '../../features/admin/forced-runs/run-progress-panel.tsx';
import { UpdatePrompt } from '../../features/pwa/update-prompt.tsx';
import { useSessionWatch } from '../auth/session-watch.ts';
import { useAuthActions } from '../auth/use-auth-actions.ts';
import { useLoaded } from '../lazy-loaded.ts';
import classes from './admin-layout.module.css';
import { AdminNav } from './admin-nav.tsx';

/** Spec §9: the admin portal's breakpoint is 992px. */
const ADMIN_BREAKPOINT = '62em';
/**
 * 220px up to Mantine's xl (88em, 1408px), 260px from there: at 1280px the narrower sidebar leaves
 * the dense tables (transactions: nine columns) room for every column without a horizontal scroll.
 */
const NAVBAR_WIDTH = { base: 220, xl: 260 };

// The confirmations' dialog, in the chunk the customer area loads after its first screen.
const loadConfirmDialogs = () => import('../../components/confirm-dialogs.tsx').then((m) => m.ConfirmDialogs);

export function AdminLayout({ children }: { children: ReactNode }) {
  const ConfirmDialogs = useLoaded(loadConfirmDialogs);
  const { logOut } = useAuthActions();
  const queryClient = useQueryClient();
  const [menuOpened, menu] = useDisclosure(false);
  const closeMenu = menu.close;
  const wide = useMediaQuery(`(min-width: ${ADMIN_BREAKPOINT})`);
  useSessionWatch();

  // The drawer belongs to narrow screens only; widening the window closes it.
  useEffect(() => {
    if (wide) closeMenu();
  }, [wide, closeMenu]);

  // Spec: Logout clears state and returns to the site origin (the IdP's logout redirects to '/').
  const logout = () => {
    closeMenu();
    queryClient.clear();
    clearCameFromAdmin();
    void logOut();
  };

  return (
    <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
      <ForcedRunsProvider>
        <UpdatePrompt />
        <a href="#admin-main" className="skip-link">
          Skip to content
        </a>
        <AppShell
          header={{ height: 60 }}
          navbar={{ width: NAVBAR_WIDTH, breakpoint: ADMIN_BREAKPOINT, collapsed: { mobile: true } }}
          padding={{ base: 'sm', sm: 'lg' }}
        >
          <AppShell.Header px="md">
            <Group h="100%" justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <Logo />
                <Badge variant="light">Staff</Badge>
              </Group>
              <Burger
                className={classes.burger}
                opened={menuOpened}
                onClick={menu.toggle}
                size="sm"
                aria-label={menuOpened ? 'Close menu' : 'Open menu'}
                aria-expanded={menuOpened}
                aria-controls="admin-menu"
              />
            </Group>
          </AppShell.Header>
          <AppShell.Navbar p="md" aria-label="Admin sidebar">
            <AdminNav onLogout={logout} />
          </AppShell.Navbar>
          <AppShell.Main id="admin-main" tabIndex={-1} className={classes.main}>
            {children}
          </AppShell.Main>
        </AppShell>
        <Drawer
          id="admin-menu"
          opened={menuOpened && !wide}
          onClose={closeMenu}
          position="right"
          size={300}
          title="Menu"
          closeButtonProps={{ 'aria-label': 'Close menu' }}
        >
          <AdminNav onNavigate={closeMenu} onLogout={logout} />
        </Drawer>
        <RunProgressPanel />
        {ConfirmDialogs && <ConfirmDialogs />}
      </ForcedRunsProvider>
    </ModalsProvider>
  );
}
