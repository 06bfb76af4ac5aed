import { ZAccountAuditFacets, ZAccountAuditResponse, type TAccountAuditFacets, type TAccountAuditResponse } from '@faxline/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { securityKeys } from './security-keys';

/** GET /api/account/audit: one page of the account's trail that matches the filters (a query string), newest first. */
export function getAccountAudit(query: string): Promise<TAccountAuditResponse> {
  return apiGet(`/account/audit${query ? `?${query}` : ''}`, ZAccountAuditResponse);
}

export function useAccountAudit(query: string) {
  return useQuery(
    queryOptions({
      queryKey: securityKeys.audit(query),
      queryFn: () => getAccountAudit(query),
      // The table stays while the next page or filter loads, rather than flashing empty.
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/account/audit/facets: the actions the account's trail holds. */
export function getAccountAuditFacets(): Promise<TAccountAuditFacets> {
  return apiGet('/account/audit/facets', ZAccountAuditFacets);
}

export function useAccountAuditFacets() {
  return useQuery(queryOptions({ queryKey: securityKeys.auditFacets, queryFn: getAccountAuditFacets }));
}

/** The CSV file of the same filters (a link the browser downloads with the session cookie). */
export const accountAuditCsvHref = (filters: string) => `/api/account/audit.csv${filters ? `?${filters}` : ''}`;
