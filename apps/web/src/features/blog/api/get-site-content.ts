import { ZPublicContent, type TLanguage, type TPublicContent } from '@faxline/shared';
import { useQuery } from '@tanstack/react-query';

import { ApiError, apiGet } from '@/lib/api-client';

import { siteContentKeys } from './site-content-keys';

/** GET /api/blog/:slug?language=: one post on the site, in the reader's language or English. */
export function getBlogPost(slug: string, language: TLanguage): Promise<TPublicContent> {
  return apiGet(`/blog/${encodeURIComponent(slug)}?language=${language}`, ZPublicContent);
}

/** GET /api/pages?path=&language=: the page written in the back office for an address. */
export function getSitePage(path: string, language: TLanguage): Promise<TPublicContent> {
  return apiGet(`/pages?${new URLSearchParams({ path, language }).toString()}`, ZPublicContent);
}

// "Not there" is an answer, not a failure to retry.
const retryUnlessMissing = (count: number, error: unknown) => !(error instanceof ApiError && error.status === 404) && count < 2;

export function useBlogPost(slug: string, language: TLanguage) {
  return useQuery({
    queryKey: siteContentKeys.post(slug, language),
    queryFn: () => getBlogPost(slug, language),
    retry: retryUnlessMissing,
  });
}

/** `path` null: an address no written page can have, asked for nothing. */
export function useSitePage(path: string | null, language: TLanguage) {
  return useQuery({
    queryKey: siteContentKeys.page(path ?? '', language),
    queryFn: () => getSitePage(path!, language),
    enabled: path !== null,
    retry: retryUnlessMissing,
  });
}
