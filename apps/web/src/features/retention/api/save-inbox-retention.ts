import { ZRetentionSettings, type TInboxRetentionChange, type TRetentionSettings } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';
import { retentionKeys } from '@/lib/retention/query-keys';

/** PUT /api/retention/inboxes/:id: an inbox's own period, or the account's again (`inherit`). */
export function saveInboxRetention({ inboxId, ...request }: TInboxRetentionChange & { inboxId: string }): Promise<TRetentionSettings> {
  return apiSend('PUT', `/retention/inboxes/${encodeURIComponent(inboxId)}`, request, ZRetentionSettings);
}

export function useSaveInboxRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInboxRetention,
    onSuccess: (saved) => queryClient.setQueryData(retentionKeys.settings(), saved),
  });
}
