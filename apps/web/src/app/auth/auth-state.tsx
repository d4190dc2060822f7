import type { User, UserManager, UserManagerEvents, UserManagerSettings } from 'oidc-client-ts';
import {
  createContext,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { AuthContextProps } from 'react-oidc-context';
import { useLoaded } from '../lazy-loaded.ts';
import { whenUserManager } from './user-manager.ts';

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
  const once = <T,>(use: (m: UserManager) => Promise<T>) => {
    // Asked for now: a client that waits for the first screen (main.tsx) loads at once.
    whenUserManager().catch(() => {});
    return userManager.then((m) => (m ? use(m) : Promise.reject(new Error('sign-in is unavailable'))));
  };
  return {
    ...signedOutWhileLoading,
    signinRedirect: (args) => once((m) => m.signinRedirect(args)),
    signoutRedirect: (args) => once((m) => m.signoutRedirect(args)),
    removeUser: () => once((m) => m.removeUser()),
  };
}

/**
 * Signed in, from the session stored on this browser (stored-user.ts), before the OIDC client has
 * loaded: a signed-in screen shows at once; sign-in and sign-out wait for the client (ADR 83).
 */
function storedWith(user: User, userManager: Promise<UserManager | null>): AuthContextProps {
  return { ...loadingWith(userManager), isLoading: false, isAuthenticated: true, user };
}

/** The client reports the session read from storage: signed in, nothing under way, the same tokens. */
function sameSession(reported: AuthContextProps, stored: User): boolean {
  return (
    reported.isAuthenticated &&
    !reported.isLoading &&
    !reported.activeNavigator &&
    !reported.error &&
    reported.user?.access_token === stored.access_token &&
    reported.user?.refresh_token === stored.refresh_token &&
    reported.user?.id_token === stored.id_token
  );
}

const AuthStateContext = createContext<AuthContextProps>(signedOutWhileLoading);

/**
 * The sign-in state (react-oidc-context's, as it reports it; before that, the stored session's)
 * for every screen. Not react-oidc-context's own hook: importing that module brings the OIDC client
 * (oidc-client-ts, ~18 KB gzip) into the screen's first load, and neither a visitor who never signs
 * in nor a signed-in screen shown from the stored session needs it before the page works (ADR 83).
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
 *
 * With `storedUser` (a signed-in screen and a session stored here, main.tsx) the pages start signed
 * in with it, and the OIDC session mounts once its client has been created (after that screen is on
 * view); its first "loading" reports are not handed down (the screen would give way to a loader and
 * come back), its first answer replaces the stored user with the client's own.
 */
export function AuthStateProvider({
  userManager,
  storedUser,
  children,
}: {
  userManager: Promise<UserManager | null>;
  storedUser?: User | null;
  children: ReactNode;
}) {
  const [auth, setAuth] = useState(() =>
    storedUser ? storedWith(storedUser, userManager) : loadingWith(userManager),
  );
  const settled = useRef(false);
  const report = useCallback(
    (next: AuthContextProps) => {
      if (!settled.current && next.isLoading && !next.activeNavigator && !next.error) return;
      const first = !settled.current;
      settled.current = true;
      // The client's first answer is the stored session again: the screens keep the state they
      // rendered with rather than all render once more, in the first seconds of the visit (its
      // actions already go through the client; a later change, a renewed token, comes through).
      if (first && storedUser && sameSession(next, storedUser)) return;
      setAuth(next);
    },
    [storedUser],
  );
  // Its code is asked for once the client exists: with a stored session, not before the screen is on view.
  const [clientCreated, setClientCreated] = useState(false);
  useEffect(() => {
    let live = true;
    userManager.then((m) => live && m !== null && setClientCreated(true));
    return () => {
      live = false;
    };
  }, [userManager]);
  const OidcSession = useLoaded(sessionComponent, clientCreated);
  const deferred = useDeferredValue(auth);
  return (
    <>
      {OidcSession && (
        // Its own boundary: it waits for the client (`use`), and nothing else should wait with it.
        <Suspense fallback={null}>
          <OidcSession userManager={userManager} onChange={report} />
        </Suspense>
      )}
      <AuthStateContext.Provider value={deferred}>{children}</AuthStateContext.Provider>
    </>
  );
}
