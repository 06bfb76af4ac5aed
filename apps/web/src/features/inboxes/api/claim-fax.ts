import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { changePlacement } from '@/lib/inboxes/change-placement';
import { inboxKeys } from '@/lib/inboxes/query-keys';

/** Claim: the fax is assigned to the person (the server moves a new one to in progress). */
export function claimFax(id: string, userId: string) {
  return changePlacement(id, { assigneeId: userId });
}

export const claimMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, userId }: { id: string; userId: string }) => claimFax(id, userId),
  // Every inbox list (the row's assignee and state, the filters it now meets) and the menu's counts of new faxes.
  onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
});

export function useClaimFax() {
  const queryClient = useQueryClient();
  return useMutation(claimMutationOptions(queryClient));
}
