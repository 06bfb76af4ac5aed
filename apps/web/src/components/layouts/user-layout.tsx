import { Outlet } from 'react-router';

// Placeholder until the user-area layout lands (same session).
export function UserLayout() {
  return <Outlet />;
}
