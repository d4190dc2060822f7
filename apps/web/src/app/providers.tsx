// One variable font file for every weight the app uses: one download and one re-layout when it
// arrives, instead of one per weight (five files, ~125 KB; this is ~48 KB for Latin text).
import '@fontsource-variable/inter/wght.css';
import '@mantine/core/styles.css';
import './global.css';

import { I18nProvider } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { User, UserManager } from 'oidc-client-ts';
import { type ReactNode, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { useTopDialog } from '../components/overlays/open-dialogs.ts';
import { AuthStateProvider } from './auth/auth-state.tsx';
import { i18n } from './i18n/i18n.ts';
import { useLoaded } from './lazy-loaded.ts';
import { themeIn } from './theme.ts';
import { loadToasts } from './toasts.ts';

/** 'dimmed' text and placeholders at >= 4.5:1 on white and gray.0 (Mantine's gray.6 / gray.5 are 3.3 and 2.1). */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c6670',
    '--mantine-color-placeholder': '#6c757d',
    '--mantine-color-error': '#c92a2a',
  },
  dark: {},
});

/** Sign-in state, Mantine and its toasts around the app. */
export function Providers({
  userManager,
  storedUser,
  children,
}: {
  userManager: Promise<UserManager | null>;
  /** The session stored here, on a signed-in screen (main.tsx): the pages start signed in with it. */
  storedUser?: User | null;
  children: ReactNode;
}) {
  return (
    <AuthStateProvider userManager={userManager} storedUser={storedUser}>
      <UiProviders>{children}</UiProviders>
    </AuthStateProvider>
  );
}

// The toasts' container loads after the first render: nothing on a first paint is a toast, and a
// toast shown before it arrives waits in its store until it does (app/toasts.ts).
const notifications = () => loadToasts().then((m) => m.Notifications);

function ToastsAfterStart() {
  const Notifications = useLoaded(notifications);
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const dialog = useTopDialog();
  if (!Notifications) return null;
  // On a phone a toast at the top covered the header's menu and account buttons for its 3-5 s (a
  // walk of the dashboard at 390 px): there it shows at the bottom, over no navigation. Wider, it
  // shows under the 64 px header, whose account menu it covered at the top right (a walk at 1280 px;
  // global.css `.toasts`).
  const toasts = (
    <Notifications position={phone ? 'bottom-center' : 'top-right'} className="toasts" zIndex={1000} />
  );
  // A modal dialog makes the page behind it inert and covers it (components/overlays/dialog.tsx):
  // while one is open, the toasts are drawn in it, where they show, are read out and can be closed.
  return dialog ? createPortal(toasts, dialog) : toasts;
}

/**
 * Everything but sign-in: the language (i18n/i18n.ts, activated before the first render), Mantine
 * and its toasts (the build's prerender uses these as they are). Data fetching is provided by the
 * areas that fetch (query-provider.tsx).
 */
export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <Mantine>{children}</Mantine>
    </I18nProvider>
  );
}

/** Mantine with the theme's words (its dialogs' close buttons) in the language spoken. */
function Mantine({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const close = t`Close`;
  const closeNotification = t`Close notification`;
  const theme = useMemo(() => themeIn({ close, closeNotification }), [close, closeNotification]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <ToastsAfterStart />
      {children}
    </MantineProvider>
  );
}
