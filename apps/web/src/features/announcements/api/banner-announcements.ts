import { ZActiveAnnouncements, ZOk } from '@faxline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiSend } from '@/lib/api-client';
import { useLanguage } from '@/lib/use-language';

const bannersKey = ['announcements', 'banners'] as const;

/**
 * GET /api/announcements: the banners of the signed-in person, in the language they read (the server picks the
 * words by it). Read again every few minutes, so that a notice sent while they work appears without a reload.
 */
export function useBannerAnnouncements() {
  const { language } = useLanguage();
  return useQuery({
    queryKey: [...bannersKey, language],
    queryFn: () => apiGet('/announcements', ZActiveAnnouncements),
    refetchInterval: 5 * 60_000,
  });
}

/** POST /api/announcements/:id/dismiss: the banner comes down for this person, for good. */
export function useDismissAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend('POST', `/announcements/${encodeURIComponent(id)}/dismiss`, undefined, ZOk),
    onSuccess: () => client.invalidateQueries({ queryKey: bannersKey }),
  });
}
