import { ZOk, type TOk } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { contactKeys } from './query-keys';

/** DELETE /api/contacts/:id. 404 when it was already deleted. */
export function deleteContact(id: string): Promise<TOk> {
  return apiSend('DELETE', `/contacts/${encodeURIComponent(id)}`, undefined, ZOk);
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteContact, onSettled: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }) });
}
