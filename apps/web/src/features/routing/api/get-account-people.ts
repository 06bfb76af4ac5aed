import { ZMembersResponse, type TMember } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { routingKeys } from './query-keys';

/** GET /api/account/members: the account's people, to choose an inbox's members and a rule's assignee from. */
export async function getAccountPeople(): Promise<TMember[]> {
  return (await apiGet('/account/members', ZMembersResponse)).members;
}

export const accountPeopleQueryOptions = () =>
  queryOptions({ queryKey: routingKeys.people(), queryFn: getAccountPeople, staleTime: 60_000 });

export function useAccountPeople() {
  return useQuery(accountPeopleQueryOptions());
}
