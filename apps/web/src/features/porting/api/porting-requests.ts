import { ZPortingRequest, ZPortingRequestsResponse, type TPortingRequest, type TPortingRequestForm } from '@faxline/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiSendForm } from '@/lib/api-client';

const PORTING_KEY = ['porting-requests'] as const;

/** GET /api/porting-requests: the account's requests to port numbers in, newest first (the owner's). */
export function getPortingRequests(): Promise<TPortingRequest[]> {
  return apiGet('/porting-requests', ZPortingRequestsResponse).then((answer) => answer.requests);
}

export const portingRequestsQueryOptions = () => queryOptions({ queryKey: PORTING_KEY, queryFn: getPortingRequests });

export function usePortingRequests() {
  return useQuery(portingRequestsQueryOptions());
}

/**
 * POST /api/porting-requests: the numbers, holder and signature as `request.json`, the bill as `bill`. The server
 * checks the bill from its bytes and everything else again; its refusals come translated, with the field in `issues`.
 */
export function submitPortingRequest(input: { request: TPortingRequestForm; bill: File }): Promise<TPortingRequest> {
  const form = new FormData();
  form.append('request.json', JSON.stringify(input.request));
  form.append('bill', input.bill, input.bill.name);
  return apiSendForm('/porting-requests', form, ZPortingRequest);
}

export function useSubmitPortingRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: submitPortingRequest, onSuccess: () => queryClient.invalidateQueries({ queryKey: PORTING_KEY }) });
}

/** Where the browser downloads a request's signed letter of authorisation (the session cookie goes with it). */
export const letterOfAuthorisationUrl = (id: string) => `/api/porting-requests/${encodeURIComponent(id)}/letter-of-authorisation`;
