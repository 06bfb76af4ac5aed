import { ZUncertainChoiceResponse, type TUncertainChoice, type TUncertainChoiceResponse } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { faxKeys } from './query-keys';

/** POST /api/faxes/:id/uncertain: the sender's answer to an uncertain fax, keep it or send it again (decision 119). */
export function chooseForUncertainFax(id: string, choice: TUncertainChoice): Promise<TUncertainChoiceResponse> {
  return apiSend('POST', `/faxes/${encodeURIComponent(id)}/uncertain`, { choice }, ZUncertainChoiceResponse);
}

export function useChooseForUncertainFax() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, choice }: { id: string; choice: TUncertainChoice }) => chooseForUncertainFax(id, choice),
    // The question is gone from the details; a resend's new fax joins the lists.
    onSuccess: (_data, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: faxKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: faxKeys.detail(id) }),
      ]),
  });
}
