import { DEFAULT_LANGUAGE, type TFaqsResponse, type TLanguage } from '@faxline/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { contentItems } from './schema';

async function publishedFaqsIn(db: Database, language: TLanguage) {
  const rows = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.kind, 'faq'), eq(contentItems.language, language), eq(contentItems.status, 'published')))
    .orderBy(asc(contentItems.sortOrder), asc(contentItems.createdAt), asc(contentItems.id));
  return rows.map((row) => ({ id: row.id, question: row.title, answer: row.body, category: row.category }));
}

/**
 * The published FAQs of a language, in their order. A language with none gets the English ones, so that a page in
 * Spanish or French never shows an empty list while English has answers.
 */
export async function listPublishedFaqs(db: Database, language: TLanguage): Promise<TFaqsResponse> {
  const faqs = await publishedFaqsIn(db, language);
  if (faqs.length > 0 || language === DEFAULT_LANGUAGE) return { language, faqs };
  return { language: DEFAULT_LANGUAGE, faqs: await publishedFaqsIn(db, DEFAULT_LANGUAGE) };
}
