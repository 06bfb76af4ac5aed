import { ZAdminNumber, type TAdminNumber } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { adminNumberKeys } from './admin-number-keys';

/** POST /api/admin/numbers/:id/assign: to the account of the chosen person. */
export function assignNumber({ id, userId }: { id: string; userId: string }): Promise<TAdminNumber> {
  return apiSend('POST', `/admin/numbers/${encodeURIComponent(id)}/assign`, { userId }, ZAdminNumber);
}

export function useAssignNumber() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignNumber, onSettled: () => queryClient.invalidateQueries({ queryKey: adminNumberKeys.all }) });
}
