import {
  DEFAULT_LANGUAGE,
  type TContentItem,
  type TContentKind,
  type TContentStatus,
  type TContentSummary,
  type ZContentInput,
  type ZContentListQuery,
} from '@faxline/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { isUniqueViolation } from '../platform/db/errors';
import { AppError } from '../platform/http/app-error';
import { isContentId, toContentItem, toContentSummary } from './content-views';
import { contentItems } from './schema';

type TContentInput = z.output<typeof ZContentInput>;
type TListQuery = z.output<typeof ZContentListQuery>;

/** The items of one kind, in one language or all, the most recently modified first (translations side by side). */
export async function listContent(db: Database, query: TListQuery): Promise<TContentSummary[]> {
  const rows = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.kind, query.kind), query.language === 'all' ? undefined : eq(contentItems.language, query.language)))
    .orderBy(desc(contentItems.updatedAt), asc(contentItems.sortOrder), asc(contentItems.language), asc(contentItems.id));
  return rows.map(toContentSummary);
}

async function findRow(db: Database, id: string) {
  const [row] = isContentId(id) ? await db.select().from(contentItems).where(eq(contentItems.id, id)) : [];
  if (!row) throw new AppError('not_found', 'errors.contentNotFound');
  return row;
}

export async function getContent(db: Database, id: string): Promise<TContentItem> {
  return toContentItem(await findRow(db, id));
}

/**
 * A page's path and a post's slug are unique in their language: a second one there is a conflict, not a server error.
 */
async function writingContent<T>(kind: TContentKind, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('conflict', kind === 'blog_post' ? 'errors.contentSlugTaken' : 'errors.contentPathTaken');
    throw error;
  }
}

/** A new item starts as Draft (spec 001 §4) and goes last in its kind's order. */
export async function createContent(db: Database, input: TContentInput, byUserId: string): Promise<TContentItem> {
  const [last] = await db
    .select({ max: sql<number | null>`max(${contentItems.sortOrder})` })
    .from(contentItems)
    .where(eq(contentItems.kind, input.kind));
  const [row] = await writingContent(input.kind, () =>
    db
      .insert(contentItems)
      .values({ ...input, status: 'draft', sortOrder: (last?.max ?? -1) + 1, updatedByUserId: byUserId })
      .returning(),
  );
  return toContentItem(row!);
}

/** An edit keeps the status (spec 001 §4): a published item stays published with the new text. */
export async function updateContent(
  db: Database,
  id: string,
  input: TContentInput,
  byUserId: string,
): Promise<{ before: TContentItem; after: TContentItem }> {
  const before = toContentItem(await findRow(db, id));
  if (before.kind !== input.kind) throw new AppError('invalid_request', 'errors.contentKindFixed');
  const { kind: _kind, ...columns } = input;
  const [row] = await writingContent(input.kind, () =>
    db
      .update(contentItems)
      .set({ ...columns, updatedByUserId: byUserId, updatedAt: new Date() })
      .where(eq(contentItems.id, id))
      .returning(),
  );
  return { before, after: toContentItem(row!) };
}

/**
 * A page or post in another language is a translation of its English one (same path or slug): the site lists the
 * English and shows a translation in its place to its readers, so a translation without its English would show nowhere.
 */
async function requireEnglishVersion(db: Database, row: typeof contentItems.$inferSelect): Promise<void> {
  if (row.kind === 'faq' || row.language === DEFAULT_LANGUAGE) return;
  const [english] = await db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(
      and(
        eq(contentItems.kind, row.kind),
        eq(contentItems.language, DEFAULT_LANGUAGE),
        row.kind === 'page' ? eq(contentItems.path, row.path ?? '') : eq(contentItems.slug, row.slug ?? ''),
      ),
    );
  if (!english) throw new AppError('conflict', 'errors.contentEnglishFirst');
}

/**
 * Publishes (now, or from `at` on: scheduled) or takes back an item. Doing what is already done changes nothing (not
 * even the modification time); publishing again with another time moves it.
 */
export async function setContentStatus(
  db: Database,
  id: string,
  status: TContentStatus,
  byUserId: string,
  at?: Date,
): Promise<TContentItem> {
  const row = await findRow(db, id);
  const now = clock.now();
  const publishedAt = status === 'published' ? (at ?? now) : null;
  if (row.status === status && (status === 'draft' || at === undefined || row.publishedAt?.getTime() === at.getTime()))
    return toContentItem(row);
  if (status === 'published') await requireEnglishVersion(db, row);
  const [updated] = await db
    .update(contentItems)
    .set({ status, publishedAt, updatedByUserId: byUserId, updatedAt: now })
    .where(eq(contentItems.id, id))
    .returning();
  return toContentItem(updated!);
}

export async function deleteContent(db: Database, id: string): Promise<TContentItem> {
  const item = toContentItem(await findRow(db, id));
  await db.delete(contentItems).where(eq(contentItems.id, id));
  return item;
}

/** What changed, for the audit trail: the short fields from and to, and whether the Markdown changed. */
export function contentChanges(before: TContentItem, after: TContentItem): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of ['language', 'title', 'path', 'slug', 'description', 'category'] as const)
    if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
  if (before.body !== after.body) changes.body = { fromLength: before.body.length, toLength: after.body.length };
  return changes;
}
