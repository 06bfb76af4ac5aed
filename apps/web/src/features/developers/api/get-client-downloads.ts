import { DOWNLOADS_PATH, ZClientDownloads, type TClientDownloads } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /downloads/index.json: the client libraries this server serves (public, no key), with their addresses. */
export async function getClientDownloads(): Promise<TClientDownloads> {
  const response = await fetch(`${DOWNLOADS_PATH}/index.json`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${DOWNLOADS_PATH}/index.json answered ${response.status}`);
  return ZClientDownloads.parse(await response.json());
}

export const clientDownloadsQueryOptions = () =>
  queryOptions({ queryKey: ['developers', 'client-downloads'], queryFn: getClientDownloads, retry: 1, staleTime: 5 * 60_000 });

export function useClientDownloads() {
  return useQuery(clientDownloadsQueryOptions());
}
