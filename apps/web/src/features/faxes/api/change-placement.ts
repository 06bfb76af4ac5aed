import type { TFaxDetails, TFaxPlacement, TFaxPlacementChange } from '@faxline/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { changePlacement } from '@/lib/inboxes/change-placement';
import { inboxKeys } from '@/lib/inboxes/query-keys';

import { assigneesKey } from './get-fax-assignees';
import { timelineKey } from './get-fax-timeline';
import { faxKeys } from './query-keys';

/**
 * A change of a received fax's place from its details (decision 103). The details show the server's answer at once;
 * the timeline gains the change's line, whom it may go to follows its inbox; every inbox list and the menu's counts follow the fax.
 */
export const placementMutationOptions = (queryClient: QueryClient, id: string) => ({
  mutationFn: (change: TFaxPlacementChange) => changePlacement(id, change),
  onSuccess: (placement: TFaxPlacement) => {
    queryClient.setQueryData<TFaxDetails>(faxKeys.detail(id), (fax) => (fax ? { ...fax, placement } : fax));
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: timelineKey(id) }),
      queryClient.invalidateQueries({ queryKey: assigneesKey(id) }),
      queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
    ]);
  },
});

export function useChangePlacement(id: string) {
  const queryClient = useQueryClient();
  return useMutation(placementMutationOptions(queryClient, id));
}
