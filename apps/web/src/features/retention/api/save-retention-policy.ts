import { ZRetentionSettings, type TRetentionPolicyChange, type TRetentionSettings } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';
import { retentionKeys } from '@/lib/retention/query-keys';

/** PUT /api/retention/policy: the account's period and zero-footprint mode; answers with the settings as they now stand. */
export function saveRetentionPolicy(request: TRetentionPolicyChange): Promise<TRetentionSettings> {
  return apiSend('PUT', '/retention/policy', request, ZRetentionSettings);
}

export function useSaveRetentionPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRetentionPolicy,
    onSuccess: (saved) => queryClient.setQueryData(retentionKeys.settings(), saved),
  });
}
