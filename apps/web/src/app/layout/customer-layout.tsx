import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { useMountedLater } from '../../components/mounted-later.ts';
import { BackToAdminLink } from '../../features/admin/back-to-admin-link.tsx';
import { useCustomer, useRecheckEmailWhenBack } from '../../features/customer/queries.ts';
import { fullName } from '../../features/customer/types.ts';
import { ConsentPrompt } from '../../features/privacy/consent-prompt.tsx';
import { UpdatePrompt } from '../../features/pwa/update-prompt.tsx';
import { LazySupportModal } from '../../features/support/lazy-support-modal.tsx';
import { useAuth } from '../auth/auth-state.tsx';
import { useSessionWatch } from '../auth/session-watch.ts';
import { useAuthActions } from '../auth/use-auth-actions.ts';
import { useAccountLanguage } from '../i18n/use-account-language.ts';
import { useLoaded } from '../lazy-loaded.ts';
import { CustomerFrame } from './customer-frame.tsx';
import { UserMenu } from './user-menu.tsx';

/**
 * Spec: logging out from the name dropdown waits 3 seconds (with a loader) before leaving; the
 * session here ends at once (log-out.ts), only the way out waits.
 */
const DROPDOWN_LOGOUT_DELAY_MS = 3000;

// What no first screen shows loads after it (issue 43): the side menu and the confirmation dialogs
// (components/overlays/dialog.tsx). A tap on the menu button
// before its code is here opens the menu when it arrives.
const loadSideMenu = () => import('./customer-side-menu.tsx').then((m) => m.CustomerSideMenu);
const loadConfirmDialogs = () => import('../../components/confirm-dialogs.tsx').then((m) => m.ConfirmDialogs);

function tokenName(profile: Record<string, unknown> | undefined, fallback: string): string {
  const name = profile?.name ?? profile?.given_name ?? profile?.email;
  return typeof name === 'string' && name ? name : fallback;
}

export function CustomerLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const auth = useAuth();
  // Deferred: the header and menu take the customer's name in a background render, not inside the
  // blocking task in which the customer arrives (react-query updates render synchronously).
  const customer = useDeferredValue(useCustomer().data);
  useRecheckEmailWhenBack(customer);
  useAccountLanguage(customer?.language);
  useSessionWatch();
  const { logOut } = useAuthActions();
  const [menuOpened, menu] = useDisclosure(false);
  const [supportOpened, support] = useDisclosure(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const name = fullName(customer) || tokenName(auth.user?.profile, t`My account`);
  const later = useMountedLater();
  const CustomerSideMenu = useLoaded(loadSideMenu, later || menuOpened);
  const ConfirmDialogs = useLoaded(loadConfirmDialogs, later);

  const logoutNow = () => {
    setLoggingOut(true);
    void logOut();
  };
  const logoutFromDropdown = () => {
    setLoggingOut(true);
    void logOut(DROPDOWN_LOGOUT_DELAY_MS);
  };

  return (
    <>
      {ConfirmDialogs && <ConfirmDialogs />}
      <UpdatePrompt />
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      <CustomerFrame
        mainId="main"
        burger={
          <Burger
            opened={menuOpened}
            onClick={menu.toggle}
            size="sm"
            aria-label={menuOpened ? t`Close menu` : t`Open menu`}
            aria-expanded={menuOpened}
          />
        }
        actions={
          <>
            <BackToAdminLink />
            <UserMenu name={name} onSupport={support.open} onLogout={logoutFromDropdown} />
          </>
        }
      >
        <ConsentPrompt />
        {children}
      </CustomerFrame>
      {CustomerSideMenu && (
        <CustomerSideMenu
          opened={menuOpened}
          onClose={menu.close}
          fullName={fullName(customer)}
          onSupport={support.open}
          onLogout={logoutNow}
        />
      )}
      <LazySupportModal opened={supportOpened} onClose={support.close} />
      {loggingOut && (
        <Box pos="fixed" inset={0} bg="white" style={{ zIndex: 2000 }}>
          <FullScreenLoader label={t`Logging out…`} />
        </Box>
      )}
    </>
  );
}
