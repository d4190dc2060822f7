import { Trans } from '@lingui/react/macro';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { AuthCallbackPage } from './auth/auth-callback-page.tsx';
import { useAuth } from './auth/auth-state.tsx';
import { RequireAuth } from './auth/require-auth.tsx';
import { StartSignIn } from './auth/start-sign-in.tsx';
import { loadArea } from './i18n/i18n.ts';
import { lazyLoaded } from './lazy-loaded.ts';
import { ScrollToTop } from './scroll-to-top.tsx';

// One chunk per area, so a visitor on the landing page never downloads the dashboard or admin code.
export const loadPublicArea = () => import('./areas/public-area.tsx');
// The customer area renders once its messages are loaded too (ADR 73's addendum): its catalog
// downloads alongside its code, in the language spoken now.
const customerArea = lazyLoaded(() =>
  Promise.all([import('./areas/customer-area.tsx'), loadArea('customer')]).then(([area]) => area),
);
const loadCustomerArea = customerArea.load;
const PublicArea = lazy(loadPublicArea);
const CustomerArea = customerArea.Component;
const AdminArea = lazy(() => import('./areas/admin-area.tsx'));

/**
 * On a first visit to a customer page (/dashboard/**, /onboarding), starts downloading its area's
 * and its screen's code now, alongside the sign-in settings, and once `signedIn` says there is a
 * live session, the data the screen reads (customer-area.tsx): otherwise each would wait for the
 * one before (settings, then area code, then screen code, then data).
 */
export function preloadRoute(pathname: string, signedIn: Promise<boolean>): void {
  if (!/^\/(dashboard|onboarding)/.test(pathname)) return;
  const area = loadCustomerArea();
  area.then((m) => m.preloadPage(pathname)).catch(() => {}); // a failed download surfaces where the area renders
  Promise.all([area, signedIn])
    .then(([m, yes]) => yes && m.prefetchData(pathname))
    .catch(() => {});
}

interface AppRoutesProps {
  /**
   * The public area's component when it is loaded already: a prerendered page hydrates with it, so
   * nothing suspends while React adopts the HTML (a boundary still waiting for its chunk when the
   * sign-in state arrives would be thrown away and rendered again from scratch).
   */
  publicArea?: ComponentType;
}

export function AppRouter(props: AppRoutesProps) {
  return (
    <BrowserRouter>
      <AppRoutes {...props} />
    </BrowserRouter>
  );
}

/**
 * Full-screen loader while signing out (the browser is about to leave for the IdP), else the pages.
 * The only part of the routing that reads the sign-in state: when it changes (once right after
 * start, when the stored session has been read), this re-renders and its `children` do not, so the
 * pages re-render only where they read the state themselves (header, footer, guards), not as a whole.
 */
function SigningOutGate({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (auth.activeNavigator === 'signoutRedirect')
    return <FullScreenLoader label={<Trans>Logging out…</Trans>} />;
  return children;
}

/** Every route of the app, under whichever router the caller provides (the build's prerender uses a static one). */
export function AppRoutes({ publicArea: Public = PublicArea }: AppRoutesProps) {
  return (
    <SigningOutGate>
      <ScrollToTop />
      <Suspense fallback={<FullScreenLoader />}>
        <Routes>
          <Route path="/auth/callback" element={<AuthCallbackPage />} />
          <Route path="/login" element={<StartSignIn mode="login" />} />
          <Route path="/signup" element={<StartSignIn mode="signup" />} />
          <Route
            path="/dashboard/*"
            element={
              <RequireAuth>
                <CustomerArea />
              </RequireAuth>
            }
          />
          {['/onboarding/*', '/onboarding1/*'].map((path) => (
            <Route
              key={path}
              path={path}
              element={
                <RequireAuth>
                  <CustomerArea />
                </RequireAuth>
              }
            />
          ))}
          <Route
            path="/admin/*"
            element={
              <RequireAuth adminOnly>
                <AdminArea />
              </RequireAuth>
            }
          />
          <Route path="/*" element={<Public />} />
        </Routes>
      </Suspense>
    </SigningOutGate>
  );
}
