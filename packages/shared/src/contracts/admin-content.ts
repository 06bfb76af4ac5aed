import { webPaths } from '../web-paths';
import { z } from 'zod';
import { multiLineText, singleLineText } from '../text';
import { LANGUAGES } from '../constants';

/**
 * Site content (spec 001 §2.11, §3 "Content items", §4 "Content item"): pages, blog posts and FAQs, each written in
 * Markdown in one language. New items start as Draft; edits keep the status; only Published items reach the site.
 * Messages are i18n keys (`validation.*`), translated by the server and by the web app alike.
 */
export const CONTENT_KINDS = ['page', 'blog_post', 'faq'] as const;
export type TContentKind = (typeof CONTENT_KINDS)[number];
export const CONTENT_STATUSES = ['draft', 'published'] as const;
export type TContentStatus = (typeof CONTENT_STATUSES)[number];

export const CONTENT_LIMITS = { title: 200, path: 200, slug: 120, category: 80, description: 300, body: 100_000 } as const;

/** A page's address on the site: lowercase words joined by dashes, in one or more segments ("/about-us", "/legal/terms"). */
export const CONTENT_PATH_PATTERN = /^(\/[a-z0-9]+(-[a-z0-9]+)*)+$/;

/** A blog post's address under /blog: lowercase words joined by dashes ("faxing-from-a-phone"). */
export const CONTENT_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The site's own addresses, which a page may not take (the router would show the site's page, never the written one):
 * the public pages, the blog and the areas below them.
 */
export const RESERVED_PAGE_PATHS = ['/user', '/admin', '/api', '/v1', '/scim', '/blog', '/dev', '/sitemap.xml'] as const;

/** A blog post's slug made from its title when none is given: accents dropped, words joined by dashes. */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CONTENT_LIMITS.slug)
    .replace(/-+$/, '');
}

export const CONTENT_MESSAGES = {
  titleRequired: 'validation.contentTitleRequired',
  questionRequired: 'validation.faqQuestionRequired',
  bodyRequired: 'validation.contentBodyRequired',
  answerRequired: 'validation.faqAnswerRequired',
  path: 'validation.contentPath',
  pathReserved: 'validation.contentPathReserved',
  slug: 'validation.contentSlug',
  tooLong: 'validation.tooLong',
  language: 'validation.contentLanguage',
} as const;
/** The public pages of the site, which a written page may not replace. */
const SITE_PAGE_PATHS: Record<string, string> = Object.fromEntries(
  Object.entries(webPaths).flatMap(([name, value]) => ('path' in value && typeof value.path === 'string' ? [[name, value.path]] : [])),
);

export type TContentMessage = (typeof CONTENT_MESSAGES)[keyof typeof CONTENT_MESSAGES];

export const ZContentListQuery = z.object({
  kind: z.enum(CONTENT_KINDS),
  language: z.enum(['all', ...LANGUAGES]).default('all'),
});
export type TContentListQuery = z.input<typeof ZContentListQuery>;

export const ZContentSummary = z.object({
  id: z.string(),
  kind: z.enum(CONTENT_KINDS),
  language: z.enum(LANGUAGES),
  /** The title; for an FAQ, the question. */
  title: z.string(),
  /** Pages only. */
  path: z.string().nullable(),
  /** Blog posts only: the address under /blog, shared by the post's translations. */
  slug: z.string().nullable(),
  /** For search results and social previews; empty: the start of the text. */
  description: z.string(),
  /** Blog posts and FAQs; empty when none is given. */
  category: z.string(),
  status: z.enum(CONTENT_STATUSES),
  /** When a published item went, or goes, on the site: a time still ahead means scheduled. */
  publishedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The spec's "last modified". */
  updatedAt: z.iso.datetime({ offset: true }),
});
export type TContentSummary = z.infer<typeof ZContentSummary>;

/** One item with its Markdown (for an FAQ, the answer). */
export const ZContentItem = ZContentSummary.extend({ body: z.string() });
export type TContentItem = z.infer<typeof ZContentItem>;

export const ZContentListResponse = z.object({ items: z.array(ZContentSummary) });
export type TContentListResponse = z.infer<typeof ZContentListResponse>;

export const ZContentParams = z.object({ id: z.string().min(1).max(64).check(singleLineText) });

export type TContentField = 'title' | 'path' | 'slug' | 'category' | 'description' | 'body' | 'language';
export type TContentProblem = { field: TContentField; message: TContentMessage };

type TContentValues = {
  kind: TContentKind;
  title: string;
  path: string;
  category: string;
  body: string;
  /** Blog posts: empty makes one from the title. */
  slug?: string;
  description?: string;
};

const isReservedPath = (path: string) =>
  Object.values(SITE_PAGE_PATHS).includes(path) ||
  RESERVED_PAGE_PATHS.some((reserved) => path === reserved || path.startsWith(`${reserved}/`));

/**
 * The form's checks, shared by the edit form and the server: a title (the question of an FAQ), Markdown (its answer),
 * and for a page a path. Every problem, so the form can mark each field.
 */
export function contentProblems(values: TContentValues): TContentProblem[] {
  const problems: TContentProblem[] = [];
  const m = CONTENT_MESSAGES;
  const isFaq = values.kind === 'faq';
  const title = values.title.trim();
  if (!title) problems.push({ field: 'title', message: isFaq ? m.questionRequired : m.titleRequired });
  else if (title.length > CONTENT_LIMITS.title) problems.push({ field: 'title', message: m.tooLong });
  if (values.kind === 'page' && !CONTENT_PATH_PATTERN.test(values.path.trim())) problems.push({ field: 'path', message: m.path });
  else if (values.kind === 'page' && isReservedPath(values.path.trim())) problems.push({ field: 'path', message: m.pathReserved });
  const slug = (values.slug ?? '').trim();
  if (values.kind === 'blog_post' && !CONTENT_SLUG_PATTERN.test(slug || slugFromTitle(title)))
    problems.push({ field: 'slug', message: m.slug });
  if (slug.length > CONTENT_LIMITS.slug) problems.push({ field: 'slug', message: m.tooLong });
  if ((values.description ?? '').trim().length > CONTENT_LIMITS.description) problems.push({ field: 'description', message: m.tooLong });
  if (values.path.trim().length > CONTENT_LIMITS.path) problems.push({ field: 'path', message: m.tooLong });
  if (values.category.trim().length > CONTENT_LIMITS.category) problems.push({ field: 'category', message: m.tooLong });
  if (!values.body.trim()) problems.push({ field: 'body', message: isFaq ? m.answerRequired : m.bodyRequired });
  else if (values.body.length > CONTENT_LIMITS.body) problems.push({ field: 'body', message: m.tooLong });
  return problems;
}

// A ceiling against abuse only: the real checks are in `contentProblems`.
const ZText = z.string().max(CONTENT_LIMITS.body + 1, { error: CONTENT_MESSAGES.tooLong });

/**
 * POST /api/admin/content (a new Draft) and PUT /api/admin/content/:id (an edit, which keeps the status; the kind of
 * an item cannot change). A path belongs to pages and a category to blog posts and FAQs; the other is dropped.
 */
export const ZContentInput = z
  .object({
    kind: z.enum(CONTENT_KINDS),
    language: z.enum(LANGUAGES, { error: CONTENT_MESSAGES.language }),
    title: ZText.check(singleLineText).default(''),
    path: ZText.check(singleLineText).default(''),
    slug: ZText.check(singleLineText).default(''),
    description: ZText.check(singleLineText).default(''),
    category: ZText.check(singleLineText).default(''),
    body: ZText.check(multiLineText).default(''),
  })
  .superRefine((values, context) => {
    for (const problem of contentProblems(values)) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  })
  .transform((values) => ({
    kind: values.kind,
    language: values.language,
    title: values.title.trim(),
    path: values.kind === 'page' ? values.path.trim() : null,
    slug: values.kind === 'blog_post' ? values.slug.trim() || slugFromTitle(values.title.trim()) : null,
    // FAQs are not shown on a page of their own: no description.
    description: values.kind === 'faq' ? '' : values.description.trim(),
    category: values.kind === 'page' ? '' : values.category.trim(),
    // Markdown keeps its own whitespace (indented code, line breaks); only the ends are trimmed.
    body: values.body.trim(),
  }));
export type TContentInput = z.input<typeof ZContentInput>;

/** POST /api/admin/content/:id/publish?at=: on the site now, or, with `at` in the future, from then on (scheduled). */
export const ZPublishContentQuery = z.object({ at: z.iso.datetime({ offset: true }).optional() });
export type TPublishContentQuery = z.input<typeof ZPublishContentQuery>;

/** GET /api/faqs?language=: the published FAQs of a language; English when the language has none. */
export const ZFaqQuery = z.object({ language: z.string().max(16).check(singleLineText).optional() });

export const ZFaq = z.object({
  id: z.string(),
  question: z.string(),
  /** Markdown. */
  answer: z.string(),
  category: z.string(),
});
export type TFaq = z.infer<typeof ZFaq>;

export const ZFaqsResponse = z.object({
  /** The language of the FAQs served: the one asked for, or English when it has none. */
  language: z.enum(LANGUAGES),
  faqs: z.array(ZFaq),
});
export type TFaqsResponse = z.infer<typeof ZFaqsResponse>;
