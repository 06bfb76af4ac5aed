import type { TLanguage } from '@faxline/shared';

/** The published pages' and posts' query keys; the back office marks them all stale when it changes an item. */
export const siteContentKeys = {
  all: ['site-content'] as const,
  blog: (language: TLanguage, page: number) => ['site-content', 'blog', language, page] as const,
  post: (slug: string, language: TLanguage) => ['site-content', 'post', slug, language] as const,
  page: (path: string, language: TLanguage) => ['site-content', 'page', path, language] as const,
};
