import { ZAddNumbersResponse, type TAddNumbersRequest, type TAddNumbersResponse } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { adminNumberKeys } from './admin-number-keys';

/** POST /api/admin/numbers: one number or a range, all or nothing (409 names the duplicates). */
export function addNumbers(request: TAddNumbersRequest): Promise<TAddNumbersResponse> {
  return apiSend('POST', '/admin/numbers', request, ZAddNumbersResponse);
}

export function useAddNumbers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addNumbers, onSettled: () => queryClient.invalidateQueries({ queryKey: adminNumberKeys.all }) });
}
