import { ZContact, type TContact, type TContactInput } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { contactKeys } from './query-keys';

/** POST /api/contacts: 201 with the contact; 400 with the field's message (translated) when the server refuses it. */
export function createContact(input: TContactInput): Promise<TContact> {
  return apiSend('POST', '/contacts', input, ZContact);
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createContact, onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }) });
}
