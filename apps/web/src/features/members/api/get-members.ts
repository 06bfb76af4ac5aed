import { ZMembersResponse, type TMembersResponse } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiGet } from '@/lib/api-client';

import { memberKeys } from './query-keys';

/**
 * GET /api/account/members: everyone who signs in to the account, oldest first, and the invitations still waiting.
 * 403 for a User or Billing contact.
 */
export async function getMembers(): Promise<TMembersResponse> {
  return apiGet('/account/members', ZMembersResponse);
}

/** The server's refusal of someone who may not manage members: a fact to explain, not a failure to retry. */
export const isNotAllowed = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

export const membersQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.list(),
    queryFn: getMembers,
    retry: (failures, error) => !isNotAllowed(error) && failures < 2,
  });

export function useMembers() {
  return useQuery(membersQueryOptions());
}
