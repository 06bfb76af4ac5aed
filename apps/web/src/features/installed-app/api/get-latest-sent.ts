import { ZFaxListResponse } from '@faxline/shared';
import { useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

/** Whether the person has a delivered fax among their five latest sent ones (GET /api/faxes): asked only when `enabled`. */
export function useHasDeliveredFax(enabled: boolean): boolean {
  const latest = useQuery({
    queryKey: ['installed-app', 'latest-sent'],
    queryFn: () => apiGet('/faxes?direction=outbound&pageSize=5', ZFaxListResponse),
    enabled,
    staleTime: 60_000,
  });
  return latest.data?.faxes.some((fax) => fax.status === 'delivered') ?? false;
}
