import './app/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { firstScreenShown, RevealAppWhenSettled, removeAppShell } from './app/app-shell.ts';
import { loadAuthConfig } from './app/auth/auth-config.ts';
import { loadOidcSession } from './app/auth/auth-state.tsx';
import { FRESH_FOR_SECONDS, readStoredUser } from './app/auth/stored-user.ts';
import { setAuthConfig, startUserManager, userManagerWanted } from './app/auth/user-manager.ts';
import { activateLanguage } from './app/i18n/i18n.ts';
import { startLanguage } from './app/i18n/start-language.ts';
import { keepTypedText } from './app/preact/typed-before-adoption.ts';
import { Providers } from './app/providers.tsx';
import { AppRouter, loadPublicArea, preloadRoute } from './app/router.tsx';
import { announceAppListening } from './components/app-listening.ts';
import { InNextTask } from './components/in-next-task.tsx';

/** The signed-in areas' screens: shown from a session stored here without waiting for the OIDC client. */
const SIGNED_IN_SCREEN = /^\/(dashboard|onboarding|admin)(\/|$)/;
/** However long the first screen takes, the OIDC client (which renews the token) loads by then. */
const SIGN_IN_CLIENT_AT_THE_LATEST_MS = 5000;

/** The OIDC client could not be loaded: the page works signed out (a reload tries again). */
function noSignIn(err: unknown): null {
  console.error('sign-in is unavailable', err);
  return null;
}

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const config = loadAuthConfig();
  // A signed-in screen with a session stored here shows from it: the OIDC client (~20 KB gzip with
  // its React provider) loads once the screen is on view, or sooner when a sign-in action needs it
  // (ADR 83). Anywhere else, and without a stored session, it loads now, beside the page's code.
  const storedUser = SIGNED_IN_SCREEN.test(window.location.pathname)
    ? config.then((c) => {
        setAuthConfig(c);
        return readStoredUser(c, FRESH_FOR_SECONDS);
      })
    : Promise.resolve(null);
  const clientWanted = storedUser.then((user) =>
    user
      ? Promise.race([
          firstScreenShown(),
          userManagerWanted(),
          new Promise((resolve) => setTimeout(resolve, SIGN_IN_CLIENT_AT_THE_LATEST_MS)),
        ])
      : undefined,
  );
  const userManagerReady = startUserManager(config, clientWanted);
  // The sign-in code downloads alongside the client (a failure surfaces where it renders).
  clientWanted.then(loadOidcSession).catch(() => {});
  // A customer page's code and data start loading now rather than one after the other.
  const signedIn = storedUser
    .then((user) => user ?? userManagerReady.then((manager) => manager.getUser()))
    .then((user) => Boolean(user && !user.expired))
    .catch(() => false);
  preloadRoute(window.location.pathname, signedIn);
  // The prerendered pages are public ones: they are adopted as soon as their code is here, and the
  // sign-in state (the OIDC client, its own chunk) arrives when it is ready.
  const prerendered = root.dataset.prerendered !== undefined;
  // The language before the first render (a Spanish reader's catalog is its own download): the
  // prerendered HTML is in it already, and hydrating it in another would replace every word.
  const [publicArea, , stored] = await Promise.all([
    prerendered ? loadPublicArea().then((m) => m.default) : undefined,
    // A signed-in screen's frame is written in the language the server chose by the same rule
    // (or the service worker, build/prerender.ts): read there too, not from the cookie (the first
    // document.cookie read is a round trip to the browser's cookie store, ~12 ms on a first visit).
    activateLanguage(
      startLanguage(prerendered || document.getElementById('app-shell') !== null, window.location.pathname),
    ),
    storedUser.catch(() => null),
  ]);
  const app = (
    <StrictMode>
      <Providers userManager={userManagerReady.catch(noSignIn)} storedUser={stored}>
        {prerendered ? (
          <AppRouter publicArea={publicArea} />
        ) : (
          // The providers, then the screen, in two tasks (ADR 89); a prerendered page is adopted whole.
          <InNextTask>
            <AppRouter publicArea={publicArea} />
          </InNextTask>
        )}
        <RevealAppWhenSettled />
      </Providers>
    </StrictMode>
  );
  // A prerendered page (build/prerender.ts) is already on screen: hydrate it (Preact adopts it in
  // one go, ADR 89: what was typed in a text area before is kept first); any other path starts
  // empty, and renders in several tasks (the boundary above, and each lazy part as it resolves).
  startTransition(() => {
    if (prerendered) {
      keepTypedText(root);
      hydrateRoot(root, app);
    } else createRoot(root).render(app);
  });
  // The app listens from here on (a prerendered page is the app's once hydrated, above).
  announceAppListening();
}

start().catch((err: unknown) => {
  // Nothing will replace a signed-in screen's prerendered frame: do not leave its loader spinning.
  removeAppShell();
  throw err;
});
