import { Outlet } from 'react-router';

// Placeholder until the back-office layout lands (same session).
export function AdminLayout() {
  return <Outlet />;
}
