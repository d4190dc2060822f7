import { Route, Routes } from 'react-router';
import { AdminPage } from '../../features/admin/admin-page.tsx';
import { AdminLayout } from '../layout/admin-layout.tsx';

/** Staff portal under /admin (mounted by the router behind RequireAuth adminOnly). */
export default function AdminArea() {
  return (
    <AdminLayout>
      <Routes>
        <Route path="*" element={<AdminPage />} />
      </Routes>
    </AdminLayout>
  );
}
