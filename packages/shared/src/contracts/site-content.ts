import { z } from 'zod';
import { singleLineText } from '../text';
import { CONTENT_KINDS, CONTENT_PATH_PATTERN, CONTENT_SLUG_PATTERN } from './admin-content';
import { LANGUAGES } from '../constants';

/**
 * The pages and blog posts published in the back office, as the site shows them (decision 116): in the reader's
 * language when it has them, else in English; only those published whose time has come.
 */

/** The feeds the server itself serves (outside the web app): the sitemap for search engines, the blog's RSS feed. */
export const SITE_FEED_PATHS = { sitemap: '/sitemap.xml', blogRss: '/blog/rss.xml' } as const;

/** Posts per page of /blog. */
export const BLOG_PAGE_SIZE = 10;

const ZLanguageQuery = z.string().max(16).check(singleLineText).optional();

export const ZBlogListQuery = z.object({
  language: ZLanguageQuery,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TBlogListQuery = z.input<typeof ZBlogListQuery>;

// The text check first, so that a control character is refused as such (decision 019), then the address's own form.
export const ZBlogPostParams = z.object({ slug: z.string().max(200).check(singleLineText).regex(CONTENT_SLUG_PATTERN) });
export const ZPublicContentQuery = z.object({ language: ZLanguageQuery });
export const ZSitePageQuery = z.object({
  path: z.string().max(200).check(singleLineText).regex(CONTENT_PATH_PATTERN),
  language: ZLanguageQuery,
});

/** A post or page as a list shows it. */
export const ZPublicContentSummary = z.object({
  kind: z.enum(CONTENT_KINDS),
  /** The language it is shown in: the reader's, or English when it has no translation in theirs. */
  language: z.enum(LANGUAGES),
  /** Blog posts. */
  slug: z.string().nullable(),
  /** Pages. */
  path: z.string().nullable(),
  title: z.string(),
  /** The description written, or the start of the text. */
  description: z.string(),
  category: z.string(),
  publishedAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type TPublicContentSummary = z.infer<typeof ZPublicContentSummary>;

/** GET /api/blog/:slug and /api/pages?path=: the Markdown too. */
export const ZPublicContent = ZPublicContentSummary.extend({ body: z.string() });
export type TPublicContent = z.infer<typeof ZPublicContent>;

/** GET /api/blog?language=&page=: the published posts, newest first. */
export const ZBlogListResponse = z.object({
  posts: z.array(ZPublicContentSummary),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type TBlogListResponse = z.infer<typeof ZBlogListResponse>;
