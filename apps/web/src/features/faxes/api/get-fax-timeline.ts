import { ZFaxTimeline, type TFaxTimeline } from '@faxline/shared';
import { useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { faxKeys } from './query-keys';

/** Under the fax's own key, so that what refreshes the fax refreshes its timeline too. */
export const timelineKey = (id: string) => [...faxKeys.detail(id), 'timeline'] as const;

/** GET /api/faxes/:id/timeline: what was done to the fax and by whom, oldest first (its audit rows). */
export function getFaxTimeline(id: string): Promise<TFaxTimeline> {
  return apiGet(`/faxes/${encodeURIComponent(id)}/timeline`, ZFaxTimeline);
}

export function useFaxTimeline(id: string) {
  return useQuery({ queryKey: timelineKey(id), queryFn: () => getFaxTimeline(id), staleTime: 0 });
}
