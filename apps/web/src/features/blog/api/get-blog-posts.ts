import { ZBlogListResponse, type TBlogListResponse, type TLanguage } from '@faxline/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { siteContentKeys } from './site-content-keys';

/** GET /api/blog?language=&page=: the posts on the site, newest first, in the reader's language or English. */
export function getBlogPosts(language: TLanguage, page: number): Promise<TBlogListResponse> {
  return apiGet(`/blog?language=${language}&page=${page}`, ZBlogListResponse);
}

export function useBlogPosts(language: TLanguage, page: number) {
  return useQuery({
    queryKey: siteContentKeys.blog(language, page),
    queryFn: () => getBlogPosts(language, page),
    placeholderData: keepPreviousData,
  });
}
