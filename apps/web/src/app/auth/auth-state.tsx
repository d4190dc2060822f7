import type { UserManager, UserManagerEvents, UserManagerSettings } from 'oidc-client-ts';
import { createContext, type ReactNode, useContext, useDeferredValue, useState } from 'react';
import type { AuthContextProps } from 'react-oidc-context';
import { useLoadedComponent } from '../lazy-loaded.ts';

const notYet = () => Promise.reject(new Error('sign-in is not ready yet'));

/**
 * The sign-in state before the OIDC client has read the stored session: loading, nobody signed in.
 * What the prerendered pages show and what every page starts from.
 */
const signedOutWhileLoading: AuthContextProps = {
  isLoading: true,
  isAuthenticated: false,
  user: undefined,
  activeNavigator: undefined,
  error: undefined,
  settings: {} as UserManagerSettings,
  events: {} as UserManagerEvents,
  clearStaleState: notYet,
  removeUser: notYet,
  signinPopup: notYet,
  signinSilent: notYet,
  signinRedirect: notYet,
  signinResourceOwnerCredentials: notYet,
  signoutRedirect: notYet,
  signoutPopup: notYet,
  signoutSilent: notYet,
  querySessionStatus: notYet,
  revokeTokens: notYet,
  startSilentRenew: () => {},
  stopSilentRenew: () => {},
};

/**
 * The same state on the page, whose sign-in and sign-out wait for the OIDC client instead of
 * failing: a Log In tapped before its code has arrived goes on once it has.
 */
function loadingWith(userManager: Promise<UserManager | null>): AuthContextProps {
  const once = <T,>(use: (m: UserManager) => Promise<T>) =>
    userManager.then((m) => (m ? use(m) : Promise.reject(new Error('sign-in is unavailable'))));
  return {
    ...signedOutWhileLoading,
    signinRedirect: (args) => once((m) => m.signinRedirect(args)),
    signoutRedirect: (args) => once((m) => m.signoutRedirect(args)),
    removeUser: () => once((m) => m.removeUser()),
  };
}

const AuthStateContext = createContext<AuthContextProps>(signedOutWhileLoading);

/**
 * The sign-in state (react-oidc-context's, as it reports it) for the app shell and the public
 * pages. Not react-oidc-context's own hook: importing that module brings the OIDC client
 * (oidc-client-ts, ~18 KB gzip) into the entry, and a visitor who never signs in does not need it
 * before the page works. Screens of the signed-in areas may use react-oidc-context's `useAuth`
 * (oidc-context.tsx hands them the same state).
 */
export function useAuth(): AuthContextProps {
  return useContext(AuthStateContext);
}

// react-oidc-context's provider and the OIDC client, in their own chunk (ADR 70).
let oidcSession: Promise<typeof import('./oidc-session.tsx')> | undefined;
/** Starts downloading the sign-in code (main.tsx, at start: a signed-in screen waits for it). */
export function loadOidcSession() {
  oidcSession ??= import('./oidc-session.tsx');
  return oidcSession;
}
// Its code failing to load leaves the page signed out (a reload tries again), not blank.
const sessionComponent = () =>
  loadOidcSession().then(
    (m) => m.default,
    (err: unknown) => {
      console.error('sign-in is unavailable', err);
      throw err;
    },
  );

/**
 * Provides the sign-in state. The OIDC session runs beside the pages, not around them, so the
 * pages render (a prerendered one is adopted) while its code loads; until it reports, they see
 * "loading, signed out", as the prerendered HTML does. It mounts after the first render: the
 * prerendered HTML has no boundary for it to hydrate. `userManager` resolves to null when the
 * OIDC client could not be loaded (the public pages still work; nobody is signed in).
 *
 * The state is handed down one deferred render later. It changes once right after start (stored
 * session read); on a prerendered page that is while React is still adopting the HTML, and a
 * plain context change there makes React finish all of it in one long, blocking pass. Deferred,
 * it goes on in short slices. Later changes (sign-in, sign-out) arrive a render later.
 */
export function AuthStateProvider({
  userManager,
  children,
}: {
  userManager: Promise<UserManager | null>;
  children: ReactNode;
}) {
  const [auth, setAuth] = useState(() => loadingWith(userManager));
  const OidcSession = useLoadedComponent(sessionComponent);
  const deferred = useDeferredValue(auth);
  return (
    <>
      {OidcSession && <OidcSession userManager={userManager} onChange={setAuth} />}
      <AuthStateContext.Provider value={deferred}>{children}</AuthStateContext.Provider>
    </>
  );
}
