import { useLingui } from '@lingui/react/macro';
import { type ReactNode, Suspense } from 'react';
import { Route, Routes, useLocation, useParams } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { NotFound } from '../../components/not-found.tsx';
import { isAccountSectionRef } from '../../features/account/account-sections.ts';
import { customerContractMessages } from '../../features/customer/contract-messages.ts';
import { seedFirstAnswers } from '../../features/customer/first-answers.ts';
import { customerQuery } from '../../features/customer/queries.ts';
import { StaffAccountPageLater } from '../../features/dashboard/staff-pages-later.tsx';
import { plansQuery } from '../../features/plans/queries.ts';
import { useAuth } from '../auth/auth-state.tsx';
import { homePathFor, isAdminToken } from '../auth/claims.ts';
import { takeDocumentAnswers } from '../early-answers.ts';
import { warmUpCalendar } from '../i18n/calendar-locale.ts';
import { addContractMessages } from '../i18n/contract-messages.ts';
import { CustomerLayout } from '../layout/customer-layout.tsx';
import { lazyLoaded } from '../lazy-loaded.ts';
import { queryClient } from '../query-client.ts';
import { QueryProvider } from '../query-provider.tsx';

// The contracts' words only this area shows, in its own catalog (issue 43).
addContractMessages(customerContractMessages);
// Every screen here writes New York dates: the browser's zone data loads before they render.
warmUpCalendar();
// The answers a document with its first screen carried (ADR 80's addendum), in the cache before
// this area renders: the screen's first render has its data.
const given = takeDocumentAnswers();
if (given) seedFirstAnswers(queryClient, given);

// Heavier screens load on first visit, so the dashboard shell paints fast.
const screens = {
  dashboard: lazyLoaded(() => import('../../features/dashboard/dashboard-page.tsx')),
  account: lazyLoaded(() => import('../../features/account/account-page.tsx')),
  onboarding: lazyLoaded(() => import('../../features/onboarding/onboarding-page.tsx')),
  subscription: lazyLoaded(() => import('../../features/subscription/subscription-page.tsx')),
  checkout: lazyLoaded(() => import('../../features/checkout/checkout-page.tsx')),
};
const DashboardPage = screens.dashboard.Component;
const AccountPage = screens.account.Component;
const OnboardingPage = screens.onboarding.Component;
const SubscriptionPage = screens.subscription.Component;
const CheckoutPage = screens.checkout.Component;

/** The screen a customer-area path shows (the routes below, as a lookup). */
function pageAt(pathname: string): keyof typeof screens {
  if (pathname.startsWith('/onboarding')) return 'onboarding';
  const rest = pathname.replace(/^\/dashboard\/?/, '');
  if (rest === 'account' || rest.startsWith('account/')) return 'account';
  if (rest === 'subscription' || rest === 'checkout') return rest;
  return 'dashboard';
}

/**
 * What a first visit to `pathname` will need, started before React gets there (router.tsx
 * preloadRoute, while the sign-in settings load): the screen's code, and for a signed-in visitor
 * the data the screen waits for before it shows anything (the customer; for checkout the plans),
 * so it does not wait for its code first. Same queries as the screens' hooks; their cache times
 * keep the hooks from asking again.
 */
export function preloadPage(pathname: string): void {
  screens[pageAt(pathname)].load().catch(() => {}); // a failed download surfaces where the page renders
}

export function prefetchData(pathname: string): void {
  void queryClient.prefetchQuery(customerQuery);
  const page = pageAt(pathname);
  if (page === 'checkout') void queryClient.prefetchQuery(plansQuery);
}

/** "Page not found" with the way home: the dashboard for customers, the admin portal for staff. */
function AreaNotFound() {
  const { t } = useLingui();
  const auth = useAuth();
  const home = homePathFor(auth.user?.access_token);
  return (
    <NotFound
      home={home}
      homeLabel={home === '/admin' ? t`Go to the admin portal` : t`Go to the dashboard`}
    />
  );
}

/**
 * The screens that offer cards and plans (dashboard, plans, checkout, onboarding): a staff account
 * holds neither (issue 29; the API refuses both), so it sees where it belongs instead.
 */
function CustomersOnly({ children }: { children: ReactNode }) {
  const auth = useAuth();
  return isAdminToken(auth.user?.access_token) ? <StaffAccountPageLater /> : children;
}

/** /dashboard/account and its sections; any other path below it is not a page. */
function AccountRoute() {
  const rest = useParams()['*'] ?? '';
  if (rest === '' || isAccountSectionRef(rest)) return <AccountPage />;
  return <AreaNotFound />;
}

/** Its screens read the sign-in state (auth-state.tsx) and fetch with react-query (ADR 70). */
export default function CustomerArea() {
  return (
    <QueryProvider>
      <CustomerAreaRoutes />
    </QueryProvider>
  );
}

/** Signed-in customer area: /dashboard/** and /onboarding (mounted by the router behind RequireAuth). */
function CustomerAreaRoutes() {
  const { pathname } = useLocation();
  return (
    <CustomerLayout>
      <Suspense fallback={<FullScreenLoader />}>
        {pathname.startsWith('/onboarding') ? (
          <CustomersOnly>
            <OnboardingPage />
          </CustomersOnly>
        ) : (
          <Routes>
            <Route
              index
              element={
                <CustomersOnly>
                  <DashboardPage />
                </CustomersOnly>
              }
            />
            <Route path="account/*" element={<AccountRoute />} />
            <Route
              path="subscription"
              element={
                <CustomersOnly>
                  <SubscriptionPage />
                </CustomersOnly>
              }
            />
            <Route
              path="checkout"
              element={
                <CustomersOnly>
                  <CheckoutPage />
                </CustomersOnly>
              }
            />
            <Route path="*" element={<AreaNotFound />} />
          </Routes>
        )}
      </Suspense>
    </CustomerLayout>
  );
}
