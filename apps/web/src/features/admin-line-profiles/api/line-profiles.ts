import { ZLineProfileResponse, ZResetLineProfileResponse } from '@faxline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiSend } from '@/lib/api-client';

const profilesKey = ['admin', 'line-profiles'] as const;

/** GET /api/admin/line-profiles?number=: one destination's learned line settings (null: nothing learned). */
export function useLineProfile(number: string | null) {
  return useQuery({
    queryKey: [...profilesKey, number],
    queryFn: () => apiGet(`/admin/line-profiles?number=${encodeURIComponent(number!)}`, ZLineProfileResponse),
    enabled: number !== null,
  });
}

/** POST /api/admin/line-profiles/reset: forgets what was learned (audited); the profile is read again. */
export function useResetLineProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (number: string) => apiSend('POST', '/admin/line-profiles/reset', { number }, ZResetLineProfileResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: profilesKey }),
  });
}
