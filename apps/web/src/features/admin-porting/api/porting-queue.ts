import { ZAdminPortingResponse, ZPortingRequest, type TPortingCarrier, type TPortingRequest, type TPortingStatus } from '@faxline/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiSend } from '@/lib/api-client';

export type TQueueFilter = TPortingStatus | 'open';
const QUEUE_KEY = ['admin', 'porting'] as const;

/** GET /api/admin/porting: the requests of one status, or the open ones oldest first, and the carriers that port. */
export function getPortingQueue(status: TQueueFilter) {
  return apiGet(`/admin/porting?status=${encodeURIComponent(status)}`, ZAdminPortingResponse);
}

export const portingQueueQueryOptions = (status: TQueueFilter) =>
  queryOptions({ queryKey: [...QUEUE_KEY, status] as const, queryFn: () => getPortingQueue(status) });

export function usePortingQueue(status: TQueueFilter) {
  return useQuery(portingQueueQueryOptions(status));
}

/** One move of a request (POST /api/admin/porting/:id/<action>); the server says which moves a status allows. */
export type TPortingMove =
  | { action: 'review'; carrier: TPortingCarrier | null }
  | { action: 'approve'; portDate: string }
  | { action: 'complete' }
  | { action: 'reject'; reason: string }
  | { action: 'sync' };

export function movePortingRequest(id: string, move: TPortingMove): Promise<TPortingRequest> {
  const { action, ...body } = move;
  return apiSend('POST', `/admin/porting/${encodeURIComponent(id)}/${action}`, body, ZPortingRequest);
}

export function useMovePortingRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: TPortingMove) => movePortingRequest(id, move),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}

/** Where the back office downloads a request's letter of authorisation or bill. */
export const portingDocumentUrl = (id: string, kind: 'letter-of-authorisation' | 'bill') =>
  `/api/admin/porting/${encodeURIComponent(id)}/${kind}`;
