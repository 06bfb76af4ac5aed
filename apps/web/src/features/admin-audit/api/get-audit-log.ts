import { ZAdminAuditResponse, type TAdminAuditResponse } from '@faxline/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { paramsFromFilters, type TAuditFilters } from '../utils/audit-filters';

import { adminAuditKeys } from './admin-audit-keys';

/** GET /api/admin/audit: one page of the events matching the filters, newest first. */
export function getAuditLog(query: string): Promise<TAdminAuditResponse> {
  return apiGet(`/admin/audit${query ? `?${query}` : ''}`, ZAdminAuditResponse);
}

export const auditLogQueryOptions = (filters: TAuditFilters, page: number) => {
  const query = paramsFromFilters(filters, page).toString();
  return queryOptions({
    queryKey: adminAuditKeys.list(query),
    queryFn: () => getAuditLog(query),
    // The table stays while the next page or filter loads, rather than flashing empty.
    placeholderData: keepPreviousData,
  });
};

export function useAuditLog(filters: TAuditFilters, page: number) {
  return useQuery(auditLogQueryOptions(filters, page));
}
