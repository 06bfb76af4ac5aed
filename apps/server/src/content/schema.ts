import type { TContentKind, TContentStatus, TLanguage } from '@faxline/shared';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/**
 * Site content written in the back office (spec 001 §3 "Content items"): pages, blog posts and FAQs, one row per item
 * and language, the text in Markdown. Only published items are served to the site.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<TContentKind>().notNull(),
    language: text('language').$type<TLanguage>().notNull(),
    /** The title; for an FAQ, the question. */
    title: text('title').notNull(),
    /** Pages only: where the page lives on the site. */
    path: text('path'),
    /**
     * Blog posts only: the post's address under /blog. A post's translations share it: the reader's language is chosen
     * among the rows of one slug, English when theirs is not there.
     */
    slug: text('slug'),
    /** What search results and social previews show under the title; empty: the start of the text. */
    description: text('description').notNull().default(''),
    category: text('category').notNull().default(''),
    /** Markdown; for an FAQ, the answer. */
    body: text('body').notNull(),
    status: text('status').$type<TContentStatus>().notNull().default('draft'),
    /** Order on the site (FAQs): the starting FAQs keep the order of the old support page; new items go last. */
    sortOrder: integer('sort_order').notNull().default(0),
    /** When it went, or goes, on the site: a published item whose time is still ahead is scheduled, and shown from then on. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedByUserId: text('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('content_items_kind_language_idx').on(table.kind, table.language, table.status),
    // One page per address and language.
    uniqueIndex('content_items_page_path_idx')
      .on(table.language, table.path)
      .where(sql`${table.kind} = 'page'`),
    // One post per slug and language.
    uniqueIndex('content_items_post_slug_idx')
      .on(table.language, table.slug)
      .where(sql`${table.kind} = 'blog_post'`),
  ],
);
