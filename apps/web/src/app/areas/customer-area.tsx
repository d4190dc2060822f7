import '@mantine/dates/styles.css';
import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { CustomerLayout } from '../layout/customer-layout.tsx';

// Heavier screens load on first visit, so the dashboard shell paints fast.
const DashboardPage = lazy(() => import('../../features/dashboard/dashboard-page.tsx'));
const AccountPage = lazy(() => import('../../features/account/account-page.tsx'));
const OnboardingPage = lazy(() => import('../../features/onboarding/onboarding-page.tsx'));
const SubscriptionPage = lazy(() => import('../../features/subscription/subscription-page.tsx'));
const CheckoutPage = lazy(() => import('../../features/checkout/checkout-page.tsx'));

/** Signed-in customer area: /dashboard/** and /onboarding (mounted by the router behind RequireAuth). */
export default function CustomerArea() {
  const { pathname } = useLocation();
  return (
    <CustomerLayout>
      <Suspense fallback={<FullScreenLoader />}>
        {pathname.startsWith('/onboarding') ? (
          <OnboardingPage />
        ) : (
          <Routes>
            <Route index element={<DashboardPage />} />
            <Route path="account/*" element={<AccountPage />} />
            <Route path="subscription" element={<SubscriptionPage />} />
            <Route path="checkout" element={<CheckoutPage />} />
            <Route path="*" element={<DashboardPage />} />
          </Routes>
        )}
      </Suspense>
    </CustomerLayout>
  );
}
