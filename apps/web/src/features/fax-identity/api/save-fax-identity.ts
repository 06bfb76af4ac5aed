import { ZFaxIdentity, type TFaxIdentity, type TSaveFaxIdentityRequest } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { faxIdentityKeys } from './query-keys';

/**
 * PUT /api/fax-identity: the header line and every number's station id at once; answers with what was stored. 400 with
 * a translated message for a bad name, time zone or station id, or a number that is not the account's.
 */
export function saveFaxIdentity(request: TSaveFaxIdentityRequest): Promise<TFaxIdentity> {
  return apiSend('PUT', '/fax-identity', request, ZFaxIdentity);
}

export function useSaveFaxIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFaxIdentity,
    // The answer is the stored state: no need to ask for it again.
    onSuccess: (saved) => queryClient.setQueryData(faxIdentityKeys.detail(), saved),
  });
}
