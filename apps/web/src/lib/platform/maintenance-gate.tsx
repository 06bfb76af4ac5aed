import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';

import { paths } from '@/config/paths';

import { useAuth } from '../auth/use-auth';
import { usePlatformStatus } from './use-platform-info';

// Fetched only when the site is closed: every other visit's first download carries none of it (the landing page's
// budget, bench/bundle-size.mjs).
const MaintenancePage = lazy(() => import('@/components/errors/maintenance-page').then((module) => ({ default: module.MaintenancePage })));

/** The pages an admin needs to get in while the site is closed. */
const OPEN_PATHS: string[] = [paths.admin.login.path, paths.signIn.path];

/**
 * Maintenance mode (a back-office setting): everyone but platform admins sees the maintenance page, whatever the
 * address. The server refuses their API calls too; this page says why. Until the status is known the page shows.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { data } = usePlatformStatus();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const closed = data?.maintenanceMode === true && user?.platformRole !== 'Admin' && !OPEN_PATHS.includes(pathname);
  return closed ? (
    <Suspense fallback={null}>
      <MaintenancePage />
    </Suspense>
  ) : (
    children
  );
}
