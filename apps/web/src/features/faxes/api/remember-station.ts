import { ZOk } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { faxKeys } from './query-keys';

/** POST /api/faxes/:id/remember-station (decision 121): the station id a first delivery announced, kept on its contact. */
export function rememberStation(faxId: string) {
  return apiSend('POST', `/faxes/${encodeURIComponent(faxId)}/remember-station`, undefined, ZOk);
}

export function useRememberStation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rememberStation,
    // The fax's offer goes; the address book (another feature's list, named by its root key) shows the id.
    onSettled: (_data, _error, faxId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: faxKeys.detail(faxId) }),
        queryClient.invalidateQueries({ queryKey: ['contacts'] }),
      ]),
  });
}
