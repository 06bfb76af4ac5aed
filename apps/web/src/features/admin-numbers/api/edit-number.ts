import { ZAdminNumber, type TAdminNumber, type TEditNumberRequest } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { adminNumberKeys } from './admin-number-keys';

/** PATCH /api/admin/numbers/:id: type, provider and country. */
export function editNumber({ id, changes }: { id: string; changes: TEditNumberRequest }): Promise<TAdminNumber> {
  return apiSend('PATCH', `/admin/numbers/${encodeURIComponent(id)}`, changes, ZAdminNumber);
}

export function useEditNumber() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editNumber, onSettled: () => queryClient.invalidateQueries({ queryKey: adminNumberKeys.all }) });
}
