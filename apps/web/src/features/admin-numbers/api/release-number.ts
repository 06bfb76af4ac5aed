import { ZAdminNumber, type TAdminNumber } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { adminNumberKeys } from './admin-number-keys';

/** POST /api/admin/numbers/:id/release: back to the available numbers. */
export function releaseNumber(id: string): Promise<TAdminNumber> {
  return apiSend('POST', `/admin/numbers/${encodeURIComponent(id)}/release`, undefined, ZAdminNumber);
}

export function useReleaseNumber() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: releaseNumber, onSettled: () => queryClient.invalidateQueries({ queryKey: adminNumberKeys.all }) });
}
