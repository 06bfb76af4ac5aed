import type { TContentKind } from '@faxline/shared';

/** The back-office content's query keys, so that a change invalidates exactly what it changes. */
export const adminContentKeys = {
  all: ['admin', 'content'] as const,
  lists: ['admin', 'content', 'list'] as const,
  list: (kind: TContentKind, language: string) => ['admin', 'content', 'list', kind, language] as const,
  item: (id: string) => ['admin', 'content', 'item', id] as const,
};

/**
 * The public FAQs' key (lib/faqs/get-faqs.ts): /support reads it, so a change made here marks it stale and
 * the page asks the server again instead of showing what it had.
 */
export const PUBLIC_FAQS_KEY = ['faqs'] as const;

/** The published pages' and posts' key (features/blog): a change made here is on the site at its next read. */
export const PUBLIC_SITE_CONTENT_KEY = ['site-content'] as const;
