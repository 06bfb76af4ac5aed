import { queryOptions, type Query } from '@tanstack/react-query';

export const sessionQueryKey = ['auth', 'session'] as const;

/**
 * GET /api/auth/session. The fetcher (with the API client and zod) is loaded on first use rather than imported: the
 * provider that runs this query sits in the first-load bundle, and zod alone would weigh a sixth of it.
 */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: async () => (await import('./api/get-session')).getSession(),
    // Asked again whenever the window regains focus, and now and then while it has it, so an expired or ended
    // session shows without a reload.
    staleTime: 0,
    refetchInterval: 5 * 60_000,
  });

/** Every query but the session: on a change of person, any of them may hold the previous person's data. */
export const isPersonalQuery = (query: Query): boolean =>
  !(query.queryKey[0] === sessionQueryKey[0] && query.queryKey[1] === sessionQueryKey[1]);
