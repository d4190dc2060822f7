import { lazy, Suspense } from 'react';
import { useAuth } from 'react-oidc-context';
import { BrowserRouter, Route, Routes } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { AuthCallbackPage } from './auth/auth-callback-page.tsx';
import { RequireAuth } from './auth/require-auth.tsx';
import { StartSignIn } from './auth/start-sign-in.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

// One chunk per area, so a visitor on the landing page never downloads the dashboard or admin code.
const PublicArea = lazy(() => import('./areas/public-area.tsx'));
const CustomerArea = lazy(() => import('./areas/customer-area.tsx'));
const AdminArea = lazy(() => import('./areas/admin-area.tsx'));

export function AppRouter() {
  const auth = useAuth();
  // Full-screen loader while signing out (the browser is about to leave for the IdP).
  if (auth.activeNavigator === 'signoutRedirect') return <FullScreenLoader label="Logging out…" />;

  return (
    <BrowserRouter>
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
          <Route path="/*" element={<PublicArea />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
