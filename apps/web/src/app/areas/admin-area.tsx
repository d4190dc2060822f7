import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { NotFound } from '../../components/not-found.tsx';
import { RequirePrivilege } from '../../features/admin/shared/require-privilege.tsx';
import { useEnglishHere } from '../i18n/use-english-here.ts';
import { AdminLayout } from '../layout/admin-layout.tsx';
import { QueryProvider } from '../query-provider.tsx';

// The charts (recharts) and the date pickers load only with the screens that use them.
const HomePage = lazy(() => import('../../features/admin/home/home-page.tsx'));
const ClientsPage = lazy(() => import('../../features/admin/clients/clients-page.tsx'));
const ClientDetailPage = lazy(() => import('../../features/admin/client-detail/client-detail-page.tsx'));
const TransactionsPage = lazy(() => import('../../features/admin/transactions/transactions-page.tsx'));
const LogsPage = lazy(() => import('../../features/admin/logs/logs-page.tsx'));
const PaybacksPage = lazy(() => import('../../features/admin/paybacks/paybacks-page.tsx'));
const DisputesPage = lazy(() => import('../../features/admin/disputes/disputes-page.tsx'));
const AuditPage = lazy(() => import('../../features/admin/audit/audit-page.tsx'));
const StaffPage = lazy(() => import('../../features/admin/staff/staff-page.tsx'));
const CardInfoPage = lazy(() => import('../../features/admin/card-info-page.tsx'));

/** Its screens read the sign-in state (auth-state.tsx) and fetch with react-query (ADR 70). */
export default function AdminArea() {
  useEnglishHere();
  return (
    <QueryProvider>
      <AdminAreaRoutes />
    </QueryProvider>
  );
}

/** Staff portal under /admin (mounted by the router behind RequireAuth adminOnly). */
function AdminAreaRoutes() {
  return (
    <AdminLayout>
      <Suspense
        fallback={
          <Center h={320} role="status" aria-label="Loading">
            <Loader />
          </Center>
        }
      >
        <Routes>
          <Route
            index
            element={
              <RequirePrivilege privilege="customer">
                <HomePage />
              </RequirePrivilege>
            }
          />
          <Route
            path="users"
            element={
              <RequirePrivilege privilege="customer">
                <ClientsPage />
              </RequirePrivilege>
            }
          />
          <Route
            path="users/:id"
            element={
              <RequirePrivilege privilege="customer">
                <ClientDetailPage />
              </RequirePrivilege>
            }
          />
          <Route
            path="transactions"
            element={
              <RequirePrivilege privilege="transaction">
                <TransactionsPage />
              </RequirePrivilege>
            }
          />
          <Route
            path="paybacks"
            element={
              <RequirePrivilege privilege="transaction">
                <PaybacksPage />
              </RequirePrivilege>
            }
          />
          <Route
            path="disputes"
            element={
              <RequirePrivilege privilege="dispute">
                <DisputesPage />
              </RequirePrivilege>
            }
          />
          <Route
            path="logs"
            element={
              <RequirePrivilege privilege="log">
                <LogsPage />
              </RequirePrivilege>
            }
          />
          <Route
            path="audit"
            element={
              <RequirePrivilege privilege="audit">
                <AuditPage />
              </RequirePrivilege>
            }
          />
          <Route
            path="staff"
            element={
              <RequirePrivilege privilege="staff">
                <StaffPage />
              </RequirePrivilege>
            }
          />
          <Route path="cardinfo" element={<CardInfoPage />} />
          <Route path="*" element={<NotFound home="/admin" homeLabel="Go to the admin home" />} />
        </Routes>
      </Suspense>
    </AdminLayout>
  );
}
