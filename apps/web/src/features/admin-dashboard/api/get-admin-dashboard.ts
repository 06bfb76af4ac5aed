import { ZAdminDashboard, type TAdminDashboard } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

/** GET /api/admin/dashboard: the stat cards' figures (spec 001 §2.11), from the database. */
export function getAdminDashboard(): Promise<TAdminDashboard> {
  return apiGet('/admin/dashboard', ZAdminDashboard);
}

export const adminDashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'] as const,
    queryFn: getAdminDashboard,
    // Asked again each time the dashboard opens: people and faxes change in other pages and other tabs.
    staleTime: 0,
    retry: false,
  });

export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions());
}
