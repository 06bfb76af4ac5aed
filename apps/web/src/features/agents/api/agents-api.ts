import {
  ZAgentFax,
  ZAgentFaxes,
  ZAgentFaxSummary,
  ZAgentSettings,
  ZConnectedApps,
  ZOAuthConsent,
  ZOAuthConsentResult,
  ZOk,
  type TAgentSettings,
} from '@faxline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { notificationsQueryKey } from '@/lib/account/notifications-query-key';
import { apiGet, apiSend } from '@/lib/api-client';

/** The agents feature's query keys, so that a mutation invalidates exactly what it changes. */
const agentKeys = {
  consent: (uid: string) => ['agents', 'consent', uid] as const,
  connections: ['agents', 'connections'] as const,
  settings: ['agents', 'settings'] as const,
  faxes: ['agents', 'faxes'] as const,
  // Below the queue's key: a decision that refreshes the queue refreshes the menu's count too.
  faxSummary: ['agents', 'faxes', 'summary'] as const,
};

/** The menu asks again this often, as the bell does, so that a fax an agent sends shows up in the count. */
const SUMMARY_POLL_MS = 10_000;

/** GET /api/oauth/consents/:uid: the app asking, the scopes it asks for, and the account it would act for. */
export function useConsent(uid: string) {
  return useQuery({
    queryKey: agentKeys.consent(uid),
    queryFn: () => apiGet(`/oauth/consents/${encodeURIComponent(uid)}`, ZOAuthConsent),
    retry: false,
  });
}

/** POST /api/oauth/consents/:uid: the person's answer; the browser then goes where the answer says (back to the app). */
export function useDecideConsent(uid: string) {
  return useMutation({
    mutationFn: (approve: boolean) => apiSend('POST', `/oauth/consents/${encodeURIComponent(uid)}`, { approve }, ZOAuthConsentResult),
  });
}

/** GET /api/oauth/connections: the apps connected to the account (owner and sub-admins). */
export function useConnectedApps() {
  return useQuery({ queryKey: agentKeys.connections, queryFn: () => apiGet('/oauth/connections', ZConnectedApps) });
}

/** DELETE /api/oauth/connections/:id: the app's tokens stop working at once. */
export function useRevokeConnectedApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend('DELETE', `/oauth/connections/${encodeURIComponent(id)}`, undefined, ZOk),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKeys.connections }),
  });
}

/** GET /api/agents/settings: whether agents' faxes wait for approval and whether agents may read contents. */
export function useAgentSettings() {
  return useQuery({ queryKey: agentKeys.settings, queryFn: () => apiGet('/agents/settings', ZAgentSettings) });
}

/** PUT /api/agents/settings (owner and sub-admins). */
export function useSaveAgentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TAgentSettings) => apiSend('PUT', '/agents/settings', settings, ZAgentSettings),
    onSuccess: (saved) => queryClient.setQueryData(agentKeys.settings, saved),
  });
}

/** GET /api/agents/faxes: the approval queue, waiting first. */
export function useAgentFaxes() {
  return useQuery({ queryKey: agentKeys.faxes, queryFn: () => apiGet('/agents/faxes', ZAgentFaxes) });
}

/** GET /api/agents/faxes/summary: whether the account asks for approval and how many faxes wait (the menu's entry). */
export function useAgentFaxSummary(enabled: boolean) {
  return useQuery({
    queryKey: agentKeys.faxSummary,
    queryFn: () => apiGet('/agents/faxes/summary', ZAgentFaxSummary),
    enabled,
    refetchInterval: SUMMARY_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/** POST /api/agents/faxes/:id/decision: approved, the fax is sent now; denied, it never is. */
export function useDecideAgentFax() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: string; approve: boolean }) =>
      apiSend('POST', `/agents/faxes/${encodeURIComponent(id)}/decision`, { approve }, ZAgentFax),
    // The queue and the menu's count, and the bell, whose notice of the fax is no longer news.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agentKeys.faxes }),
        queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
      ]),
  });
}
