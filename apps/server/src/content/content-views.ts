import type { TContentItem, TContentSummary } from '@faxline/shared';
import type { contentItems } from './schema';

type TContentRow = typeof contentItems.$inferSelect;

export function toContentSummary(row: TContentRow): TContentSummary {
  return {
    id: row.id,
    kind: row.kind,
    language: row.language,
    title: row.title,
    path: row.path,
    slug: row.slug,
    description: row.description,
    category: row.category,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const toContentItem = (row: TContentRow): TContentItem => ({ ...toContentSummary(row), body: row.body });

/** Content ids are UUIDs: anything else is no item (and must not reach PostgreSQL as one). */
export const isContentId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
