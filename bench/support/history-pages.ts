// The requests of the history benches (bench/history.ts, bench/scale.ts): the portal's history list (GET /api/faxes)
// and the public API's list (GET /v1/faxes), with the address of a page deep in each, reached the way a client
// reaches it (a page number, or the cursors followed one by one).
import { performance } from 'node:perf_hooks';
import { getJson } from './timing';
import { duration } from './report';

export const PAGE_SIZE = 20;
/** The deep page: 10,000 rows in. */
export const DEEP_PAGE = 501;

export type HistoryPage = { faxes: unknown[]; total?: number; nextCursor?: string | null };
export type ApiPage = { data: unknown[]; next_cursor: string | null };

export const historyUrl = (base: string, query: Record<string, string | number>) =>
  `${base}/api/faxes?${new URLSearchParams(Object.entries({ direction: 'outbound', ...query }).map(([k, v]) => [k, String(v)]))}`;

export const apiListUrl = (base: string, query: Record<string, string | number> = {}) =>
  `${base}/v1/faxes?${new URLSearchParams(Object.entries({ limit: PAGE_SIZE, ...query }).map(([k, v]) => [k, String(v)]))}`;

export type DeepPage = { url: string; how: string };

/** Follows `next` from the first page to DEEP_PAGE and gives that page's address, and what following took. */
async function followCursors<T>(
  first: string,
  headers: Record<string, string>,
  next: (page: T) => string | null | undefined,
  urlAfter: (cursor: string) => string,
): Promise<DeepPage> {
  let cursor = next((await getJson<T>(first, headers)).body);
  const started = performance.now();
  for (let page = 2; page < DEEP_PAGE; page += 1) {
    if (!cursor) throw new Error(`The list ended at page ${page - 1}, before the deep page`);
    cursor = next((await getJson<T>(urlAfter(cursor), headers)).body);
  }
  if (!cursor) throw new Error('No cursor for the deep page');
  const followed = performance.now() - started;
  return {
    url: urlAfter(cursor),
    how: `cursor after ${DEEP_PAGE - 1} pages (following them took ${duration(followed)}, ${duration(followed / (DEEP_PAGE - 2))} each)`,
  };
}

/** The history's deep page: by page number, or by following cursors to the same depth when the server gives them. */
export async function historyDeepPage(base: string, cookie: string): Promise<DeepPage> {
  const headers = { cookie };
  const first = await getJson<HistoryPage>(historyUrl(base, { pageSize: PAGE_SIZE }), headers);
  if (!('nextCursor' in first.body)) return { url: historyUrl(base, { page: DEEP_PAGE, pageSize: PAGE_SIZE }), how: `page=${DEEP_PAGE}` };
  return followCursors<HistoryPage>(
    historyUrl(base, { pageSize: PAGE_SIZE }),
    headers,
    (page) => page.nextCursor,
    (cursor) => historyUrl(base, { pageSize: PAGE_SIZE, cursor }),
  );
}

/** The public API list's deep page, reached by its cursors (the only way it pages). */
export function apiDeepPage(base: string, apiKey: string): Promise<DeepPage> {
  return followCursors<ApiPage>(
    apiListUrl(base),
    { authorization: `Bearer ${apiKey}` },
    (page) => page.next_cursor,
    (cursor) => apiListUrl(base, { cursor }),
  );
}
