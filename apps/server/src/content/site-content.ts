import {
  BLOG_PAGE_SIZE,
  DEFAULT_LANGUAGE,
  type TBlogListResponse,
  type TLanguage,
  type TPublicContent,
  type TPublicContentSummary,
} from '@faxline/shared';
import { and, count, desc, eq, inArray, lte, type SQL } from 'drizzle-orm';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { contentItems } from './schema';

type TRow = typeof contentItems.$inferSelect;

/** The longest description made from a text that has none (what search results show, about 160 characters). */
const DESCRIPTION_LENGTH = 160;

/** The start of a Markdown text as plain words, for a description nobody wrote. */
export function descriptionFrom(markdown: string): string {
  const plain = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    // A link's address may hold one level of brackets itself ("(javascript:alert(1))").
    .replace(/!\[[^\]]*\]\((?:[^()]|\([^()]*\))*\)/g, ' ')
    .replace(/\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1')
    .replace(/^[#>\-*+\s]+/gm, '')
    .replace(/[*_`~|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= DESCRIPTION_LENGTH) return plain;
  const cut = plain.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** On the site: published, and its time has come (a scheduled item stays off until then, by the process's clock). */
const onSite = (): SQL => and(eq(contentItems.status, 'published'), lte(contentItems.publishedAt, clock.now()))!;

const keyOf = (row: TRow) => (row.kind === 'page' ? row.path : row.slug) ?? '';
const keyColumn = (kind: 'page' | 'blog_post') => (kind === 'page' ? contentItems.path : contentItems.slug);

function toSummary(row: TRow, english: TRow): TPublicContentSummary {
  return {
    kind: row.kind,
    language: row.language,
    slug: row.slug,
    path: row.path,
    title: row.title,
    description: row.description || descriptionFrom(row.body),
    category: row.category,
    // The English version's date places the item in the list, whichever language it is read in.
    publishedAt: english.publishedAt!.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The reader's translations of English items, where published and due: an item is on the site when its English version
 * is, and a translation takes its place for its readers (decision 116).
 */
async function inReadersLanguage(db: Database, english: TRow[], language: TLanguage): Promise<Map<string, TRow>> {
  const [first] = english;
  if (!first || language === DEFAULT_LANGUAGE) return new Map();
  const kind = first.kind as 'page' | 'blog_post';
  const rows = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.kind, kind), eq(contentItems.language, language), inArray(keyColumn(kind), english.map(keyOf)), onSite()));
  return new Map(rows.map((row) => [keyOf(row), row]));
}

/** GET /api/blog: the posts on the site, newest first, each in the reader's language or English. */
export async function listBlogPosts(db: Database, language: TLanguage, page: number): Promise<TBlogListResponse> {
  const english = and(eq(contentItems.kind, 'blog_post'), eq(contentItems.language, DEFAULT_LANGUAGE), onSite());
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contentItems)
      .where(english)
      .orderBy(desc(contentItems.publishedAt), desc(contentItems.id))
      .limit(BLOG_PAGE_SIZE)
      .offset((page - 1) * BLOG_PAGE_SIZE),
    db.select({ n: count() }).from(contentItems).where(english),
  ]);
  const translations = await inReadersLanguage(db, rows, language);
  return {
    posts: rows.map((row) => toSummary(translations.get(keyOf(row)) ?? row, row)),
    page,
    pageSize: BLOG_PAGE_SIZE,
    total: total?.n ?? 0,
  };
}

/** One post (by slug) or page (by path) on the site, in the reader's language or English; null when there is none. */
export async function findSiteContent(
  db: Database,
  kind: 'page' | 'blog_post',
  key: string,
  language: TLanguage,
): Promise<TPublicContent | null> {
  const [english] = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.kind, kind), eq(contentItems.language, DEFAULT_LANGUAGE), eq(keyColumn(kind), key), onSite()));
  if (!english) return null;
  const shown = (await inReadersLanguage(db, [english], language)).get(key) ?? english;
  return { ...toSummary(shown, english), body: shown.body };
}

/** Every post and page on the site, in English (the sitemap lists each address once; the RSS feed reads its posts). */
export async function listSiteContent(db: Database, kind: 'page' | 'blog_post', limit: number): Promise<TPublicContentSummary[]> {
  const rows = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.kind, kind), eq(contentItems.language, DEFAULT_LANGUAGE), onSite()))
    .orderBy(desc(contentItems.publishedAt), desc(contentItems.id))
    .limit(limit);
  return rows.map((row) => toSummary(row, row));
}

/** The newest posts for the RSS feed, in the reader's language where translated. */
export async function latestBlogPosts(db: Database, language: TLanguage, limit: number): Promise<TPublicContent[]> {
  const rows = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.kind, 'blog_post'), eq(contentItems.language, DEFAULT_LANGUAGE), onSite()))
    .orderBy(desc(contentItems.publishedAt), desc(contentItems.id))
    .limit(limit);
  const translations = await inReadersLanguage(db, rows, language);
  return rows.map((row) => {
    const shown = translations.get(keyOf(row)) ?? row;
    return { ...toSummary(shown, row), body: shown.body };
  });
}
