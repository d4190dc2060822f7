import { Route, Routes, useLocation } from 'react-router';
import { AccountPage } from '../../features/dashboard/account-page.tsx';
import { DashboardPage } from '../../features/dashboard/dashboard-page.tsx';
import { OnboardingPage } from '../../features/dashboard/onboarding-page.tsx';
import { CustomerLayout } from '../layout/customer-layout.tsx';

/** Signed-in customer area: /dashboard/** and /onboarding (mounted by the router behind RequireAuth). */
export default function CustomerArea() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/onboarding')) {
    return (
      <CustomerLayout>
        <OnboardingPage />
      </CustomerLayout>
    );
  }
  return (
    <CustomerLayout>
      <Routes>
        <Route index element={<DashboardPage />} />
        <Route path="account/*" element={<AccountPage />} />
        <Route path="*" element={<DashboardPage />} />
      </Routes>
    </CustomerLayout>
  );
}
