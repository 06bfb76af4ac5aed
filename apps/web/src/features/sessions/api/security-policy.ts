import { ZSecurityPolicy, type TSecurityPolicy, type TSecurityPolicyRequest } from '@faxline/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiSend } from '@/lib/api-client';

import { securityKeys } from './security-keys';

/** GET /api/account/security-policy: the account's password and sign-in rules (every member reads them). */
export function getSecurityPolicy(): Promise<TSecurityPolicy> {
  return apiGet('/account/security-policy', ZSecurityPolicy);
}

export function useSecurityPolicy() {
  return useQuery(queryOptions({ queryKey: securityKeys.policy, queryFn: getSecurityPolicy }));
}

/** PUT /api/account/security-policy: the owner's rules. */
export function saveSecurityPolicy(request: TSecurityPolicyRequest): Promise<TSecurityPolicy> {
  return apiSend('PUT', '/account/security-policy', request, ZSecurityPolicy);
}

export function useSaveSecurityPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSecurityPolicy,
    onSuccess: (saved) => queryClient.setQueryData(securityKeys.policy, saved),
  });
}
