import { ZSendFaxResponse, type TSendFaxResponse } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { faxKeys } from './query-keys';

/** POST /api/faxes/:id/request-pages: a fax back to the sender asking for these pages again (202, decision 101). */
export function requestPages(id: string, pages: number[]): Promise<TSendFaxResponse> {
  return apiSend('POST', `/faxes/${encodeURIComponent(id)}/request-pages`, { pages }, ZSendFaxResponse);
}

export function useRequestPages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pages }: { id: string; pages: number[] }) => requestPages(id, pages),
    // The request is a sent fax: it joins the lists.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faxKeys.lists() }),
  });
}
