import { ZAdminPlansResponse, type TAdminPlansResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { adminPlanKeys } from './admin-plan-keys';

/** GET /api/admin/plans: the whole catalogue, archived plans too, with the accounts on each plan. */
export function getAdminPlans(): Promise<TAdminPlansResponse> {
  return apiGet('/admin/plans', ZAdminPlansResponse);
}

export const adminPlansQueryOptions = () => queryOptions({ queryKey: adminPlanKeys.all, queryFn: getAdminPlans });

export function useAdminPlans() {
  return useQuery(adminPlansQueryOptions());
}
