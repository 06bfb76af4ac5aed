import { ZSendFaxResponse, type TSendFaxResponse } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { faxKeys } from './query-keys';

/** POST /api/faxes/:id/resend: a new fax with the same documents and recipient, linked to this one (202). */
export function resendFax(id: string): Promise<TSendFaxResponse> {
  return apiSend('POST', `/faxes/${encodeURIComponent(id)}/resend`, undefined, ZSendFaxResponse);
}

export function useResendFax() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendFax,
    // The new fax joins the lists; the original's details now name it.
    onSuccess: (_data, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: faxKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: faxKeys.detail(id) }),
      ]),
  });
}
