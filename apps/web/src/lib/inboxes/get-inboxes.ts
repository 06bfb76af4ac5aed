import { ZInboxList, type TInboxList } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { inboxKeys } from './query-keys';

/** The menu's counts follow new faxes without a reload; the header's bell says at once that one came, so a minute will do. */
const COUNTS_POLL_MS = 60_000;

/** GET /api/inboxes: the inboxes this person sees, each with its count of new faxes, and those in none. */
export function getInboxes(): Promise<TInboxList> {
  return apiGet('/inboxes', ZInboxList);
}

export const inboxesQueryOptions = () => queryOptions({ queryKey: inboxKeys.list(), queryFn: getInboxes, refetchInterval: COUNTS_POLL_MS });

/** The inboxes this person sees: the side menu's entries and the choices of a fax's inbox. */
export function useInboxes(options: { enabled?: boolean } = {}) {
  return useQuery({ ...inboxesQueryOptions(), enabled: options.enabled ?? true });
}
