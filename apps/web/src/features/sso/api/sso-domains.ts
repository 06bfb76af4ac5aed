import { ZSsoSettingsResponse, type TSsoSettingsResponse } from '@faxline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { ssoSettingsQueryKey } from './get-sso-settings';

/** POST /api/sso/domains: names a domain and answers the TXT record to publish on it. */
export function addSsoDomain(domain: string): Promise<TSsoSettingsResponse> {
  return apiSend('POST', '/sso/domains', { domain }, ZSsoSettingsResponse);
}

/** POST /api/sso/domains/:domain/verify: looks the TXT record up now; 422 when it is not there yet. */
export function verifySsoDomain(domain: string): Promise<TSsoSettingsResponse> {
  return apiSend('POST', `/sso/domains/${encodeURIComponent(domain)}/verify`, undefined, ZSsoSettingsResponse);
}

/** DELETE /api/sso/domains/:domain. */
export function removeSsoDomain(domain: string): Promise<TSsoSettingsResponse> {
  return apiSend('DELETE', `/sso/domains/${encodeURIComponent(domain)}`, undefined, ZSsoSettingsResponse);
}

/** The three changes of the domain list: each answers the whole section, which replaces the one shown. */
export function useSsoDomainChange(change: (domain: string) => Promise<TSsoSettingsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: (saved) => queryClient.setQueryData(ssoSettingsQueryKey, saved) });
}
