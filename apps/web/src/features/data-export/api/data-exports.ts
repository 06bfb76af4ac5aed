import { ZDataExport, ZDataExportsResponse, type TDataExport, type TDataExportsResponse } from '@faxline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiSend } from '@/lib/api-client';

export const dataExportKeys = { all: ['account', 'data-exports'] as const };

/** GET /api/account/data-exports: the account's recent exports, newest first (its owner's). */
export function getDataExports(): Promise<TDataExportsResponse> {
  return apiGet('/account/data-exports', ZDataExportsResponse);
}

/** While an export is being built the list is read again every few seconds, so that its link shows when it is ready. */
export function useDataExports() {
  return useQuery({
    queryKey: dataExportKeys.all,
    queryFn: getDataExports,
    refetchInterval: (query) => (query.state.data?.exports.some((entry) => entry.status === 'building') ? 3000 : false),
  });
}

/** POST /api/account/data-exports: asks for one (or answers the one being built). */
export function requestDataExport(): Promise<TDataExport> {
  return apiSend('POST', '/account/data-exports', undefined, ZDataExport);
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataExportKeys.all }),
  });
}

/** Where the browser downloads an export's ZIP (a plain link: the session cookie goes with it). */
export const dataExportDownloadHref = (id: string) => `/api/account/data-exports/${id}/download`;
