import { ZLegalHold, ZOk, type TLegalHold, type TSetLegalHold } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { retentionKeys } from './query-keys';

/** POST /api/retention/holds: a fax, a number or the whole account on legal hold, with its reason. */
export function setLegalHold(request: TSetLegalHold): Promise<TLegalHold> {
  return apiSend('POST', '/retention/holds', request, ZLegalHold);
}

/** POST /api/retention/holds/:id/lift: the hold lifted, with the reason. */
export function liftLegalHold({ id, reason }: { id: string; reason: string }) {
  return apiSend('POST', `/retention/holds/${encodeURIComponent(id)}/lift`, { reason }, ZOk);
}

// A hold changes what the settings count and what every fax's details show: all of retention is asked again.
export function useSetLegalHold() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setLegalHold, onSuccess: () => queryClient.invalidateQueries({ queryKey: retentionKeys.all }) });
}

export function useLiftLegalHold() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: liftLegalHold, onSuccess: () => queryClient.invalidateQueries({ queryKey: retentionKeys.all }) });
}
