import { desc, eq } from 'drizzle-orm';
import type { TDocumentClass } from '@faxline/shared';
import type { Database } from '../platform/db/client';
import { EXAMPLES_CONSULTED, type ClassExample, type WordWeights } from './classify';
import { faxClassExamples } from './schema';

/** The account's classified faxes the classifier learns from, newest first (decision 102). */
export async function classExamplesOf(db: Database, accountId: string): Promise<ClassExample[]> {
  return db
    .select({ documentClass: faxClassExamples.documentClass, words: faxClassExamples.words })
    .from(faxClassExamples)
    .where(eq(faxClassExamples.accountId, accountId))
    .orderBy(desc(faxClassExamples.createdAt))
    .limit(EXAMPLES_CONSULTED);
}

/** A member's class for a fax, learned from: the newest example of it replaces an earlier one. */
export async function learnClass(
  db: Database,
  example: { faxId: string; accountId: string; documentClass: TDocumentClass; words: WordWeights },
) {
  await db
    .insert(faxClassExamples)
    .values(example)
    .onConflictDoUpdate({
      target: faxClassExamples.faxId,
      set: { documentClass: example.documentClass, words: example.words, createdAt: new Date() },
    });
}
