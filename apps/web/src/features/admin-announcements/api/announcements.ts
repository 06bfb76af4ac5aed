import {
  ZAdminAnnouncement,
  ZAdminAnnouncementList,
  ZAdminPlansResponse,
  ZAnnouncementRecipients,
  type TAdminAnnouncement,
  type TCreateAnnouncementRequest,
} from '@faxline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiSend } from '@/lib/api-client';

const announcementsKey = ['admin', 'announcements'] as const;

/**
 * GET /api/admin/announcements: the latest announcements with their record's counts. Read again every few seconds
 * while one is still listing its people, so that the counts arrive without a reload.
 */
export function useAdminAnnouncements() {
  return useQuery({
    queryKey: announcementsKey,
    queryFn: () => apiGet('/admin/announcements', ZAdminAnnouncementList),
    refetchInterval: (query) => (query.state.data?.announcements.some((row) => row.recipients === null) ? 2_000 : false),
  });
}

/** POST /api/admin/announcements: recorded and fanned out by the server; the list is read again. */
export function useSendAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: TCreateAnnouncementRequest): Promise<TAdminAnnouncement> =>
      apiSend('POST', '/admin/announcements', request, ZAdminAnnouncement),
    onSuccess: () => client.invalidateQueries({ queryKey: announcementsKey }),
  });
}

/** GET /api/admin/announcements/:id/recipients: one page of the record of who was sent what. */
export function useAnnouncementRecipients(id: string, page: number) {
  return useQuery({
    queryKey: [...announcementsKey, id, 'recipients', page],
    queryFn: () => apiGet(`/admin/announcements/${encodeURIComponent(id)}/recipients?page=${page}`, ZAnnouncementRecipients),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/plans: the plans an announcement can be sent to the customers of, archived ones included. */
export function useAnnouncementPlans() {
  return useQuery({ queryKey: ['admin', 'plans'], queryFn: () => apiGet('/admin/plans', ZAdminPlansResponse) });
}
