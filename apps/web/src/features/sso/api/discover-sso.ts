import { ZSsoDiscoveryResponse, type TSsoDiscoveryResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

/** GET /api/sso/discover: whether an address's domain signs in through an identity provider, and nothing more. */
export function discoverSso(email: string): Promise<TSsoDiscoveryResponse> {
  return apiGet(`/sso/discover?email=${encodeURIComponent(email)}`, ZSsoDiscoveryResponse);
}

export function useSsoDiscovery(email: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ['sso', 'discover', email] as const,
      queryFn: () => discoverSso(email!),
      enabled: email !== null,
      staleTime: 60_000,
      retry: false,
    }),
  );
}

/** Where "Continue with SSO" goes: the server's start, which redirects to the identity provider. */
export const ssoStartHref = (email: string) => `/api/sso/start?email=${encodeURIComponent(email)}`;
