import type { TFaxDirection, TFaxSnippet, TLanguage } from '@faxline/shared';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import type { FileStore } from '../platform/files/encrypted-file-store';
import { decodeFaxText } from './fax-text-file';
import { faxes, faxTextWords } from './schema';

/*
 * The history's search inside faxes (decision 100): the words read on a fax (decision 099) are matched in the language
 * they were read in, so that "naissance" finds a French fax and "births" an English one, and shown with the words
 * around the match.
 */

/** The full-text search configuration of each language Faxline reads; 'simple' (no stemming) for any other. */
const SEARCH_CONFIGURATIONS = { en: 'english', es: 'spanish', fr: 'french' } as const satisfies Record<TLanguage, string>;
const CONFIGURATIONS = [...Object.values(SEARCH_CONFIGURATIONS), 'simple'] as const;

export const searchConfigurationOf = (language: TLanguage | null): string => (language ? SEARCH_CONFIGURATIONS[language] : 'simple');

/**
 * Whether a fax's read words match a search: in the configuration they were made with, the query stemmed as that
 * language stems. A search whose words are all stop words of a language finds nothing in that language.
 */
function wordsMatching(search: string): SQL {
  return or(
    ...CONFIGURATIONS.map(
      (configuration) =>
        sql`(${faxTextWords.configuration} = ${configuration}
          AND ${faxTextWords.words} @@ websearch_to_tsquery(${configuration}::regconfig, ${search}))`,
    ),
  )!;
}

/**
 * The fax of the row being read has read words that match: a primary-key lookup per row, for reading in the list's
 * order. `OFFSET 0` keeps it one: without it, PostgreSQL may instead gather every match of the search in every account
 * into a hash first (measured: 0.3 s for a word on 100,000 faxes, bench/history.ts).
 */
export const hasMatchingWords = (search: string): SQL =>
  sql`EXISTS (SELECT 1 FROM ${faxTextWords} WHERE ${faxTextWords.faxId} = ${faxes.id} AND ${wordsMatching(search)} OFFSET 0)`;

/** The words of one tab's faxes of the account that match, as a condition on their index (account, direction, words). */
export const wordsOfTabMatching = (accountId: string, direction: TFaxDirection, search: string): SQL =>
  and(eq(faxTextWords.accountId, accountId), eq(faxTextWords.direction, direction), wordsMatching(search))!;

/** The ids of one tab's faxes of the account whose read words match (`wordsOfTabMatching`), as a subquery. */
export const faxesWithWords = (accountId: string, direction: TFaxDirection, search: string): SQL =>
  sql`SELECT ${faxTextWords.faxId} FROM ${faxTextWords} WHERE ${wordsOfTabMatching(accountId, direction, search)}`;

/** Of these faxes, those whose read words match a search (a routing rule's words, decision 104). */
export async function faxesMatchingWords(db: Database, faxIds: readonly string[], search: string): Promise<Set<string>> {
  if (faxIds.length === 0) return new Set();
  const rows = await db
    .select({ faxId: faxTextWords.faxId })
    .from(faxTextWords)
    .where(and(inArray(faxTextWords.faxId, [...faxIds]), wordsMatching(search)));
  return new Set(rows.map((row) => row.faxId));
}

// Marks around the matched words in ts_headline's answer: private-use characters, removed from the text beforehand.
const START = '\uE000';
const STOP = '\uE001';
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MinWords=6, MaxWords=16, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * The snippets of these faxes for a search: for each fax whose read words match it, the first page they are on and the
 * words around them, marked by PostgreSQL's `ts_headline` in the page's language (the search's own stems). The text is
 * decrypted here, for the page of results only, and reaches PostgreSQL only as the argument of the query.
 */
export async function snippetsOf(
  deps: { db: Database; files: FileStore },
  rows: ReadonlyArray<{ id: string; textKey: string | null }>,
  search: string,
): Promise<Map<string, TFaxSnippet>> {
  const pages = await Promise.all(
    rows
      .filter((row) => row.textKey !== null)
      .map(async (row) => {
        // A fax deleted since the page was read has no file any more: it is shown without a snippet, not as an error.
        const bytes = await deps.files.get(row.textKey!).catch(() => null);
        if (!bytes) return [];
        const file = decodeFaxText(bytes);
        const configuration = searchConfigurationOf(file.language);
        return file.pages.map((page) => ({ id: row.id, page: page.page, configuration, text: page.text.replace(/[\uE000\uE001]/g, '') }));
      }),
  );
  const all = pages.flat();
  if (all.length === 0) return new Map();
  const result = await deps.db.execute<{ id: string; page: number; headline: string }>(sql`
    SELECT p.id, p.page, ts_headline(p.configuration::regconfig, p.text, q.query, ${HEADLINE_OPTIONS}) AS headline
    FROM unnest(${sql.param(all.map((p) => p.id))}::uuid[], ${sql.param(all.map((p) => p.page))}::int[],
      ${sql.param(all.map((p) => p.configuration))}::text[], ${sql.param(all.map((p) => p.text))}::text[])
      WITH ORDINALITY AS p(id, page, configuration, text, n)
    CROSS JOIN LATERAL (SELECT websearch_to_tsquery(p.configuration::regconfig, ${search}) AS query) AS q
    WHERE to_tsvector(p.configuration::regconfig, p.text) @@ q.query
    ORDER BY p.n`);
  const snippets = new Map<string, TFaxSnippet>();
  for (const row of result.rows) {
    if (!snippets.has(row.id)) snippets.set(row.id, { page: row.page, parts: partsOf(row.headline) });
  }
  return snippets;
}

/** A headline split at its marks: the matched words and the words between them. */
function partsOf(headline: string): TFaxSnippet['parts'] {
  const parts: TFaxSnippet['parts'] = [];
  for (const [index, piece] of headline.split(new RegExp(`[${START}${STOP}]`)).entries()) {
    const text = piece.replace(/\s+/g, ' ');
    if (text) parts.push({ text, match: index % 2 === 1 });
  }
  return parts;
}
