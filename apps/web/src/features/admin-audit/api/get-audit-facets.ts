import { ZAdminAuditFacets, type TAdminAuditFacets } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { adminAuditKeys } from './admin-audit-keys';

/** GET /api/admin/audit/facets: the actions and object types recorded so far, for the filter selects. */
export function getAuditFacets(): Promise<TAdminAuditFacets> {
  return apiGet('/admin/audit/facets', ZAdminAuditFacets);
}

export const auditFacetsQueryOptions = () => queryOptions({ queryKey: adminAuditKeys.facets, queryFn: getAuditFacets });

export function useAuditFacets() {
  return useQuery(auditFacetsQueryOptions());
}
