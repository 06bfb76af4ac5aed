import { ZContact, type TContact, type TContactUpdate } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { contactKeys } from './query-keys';

/** PATCH /api/contacts/:id: changes the fields sent; 404 when the contact is gone. */
export function updateContact({ id, change }: { id: string; change: TContactUpdate }): Promise<TContact> {
  return apiSend('PATCH', `/contacts/${encodeURIComponent(id)}`, change, ZContact);
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateContact, onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }) });
}
