import { AdminScreen } from '../features/admin/AdminScreen';

/** /admin: System Administration (admins only). */
export function AdminPage() {
  return <AdminScreen />;
}
