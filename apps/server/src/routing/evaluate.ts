import type { TConditionVerdict, TRoutingRule, TRuleCondition } from '@faxline/shared';
import type { FaxRow } from '../faxes/fax-access';
import { faxesMatchingWords } from '../faxes/fax-text-search';
import type { Database } from '../platform/db/client';

/*
 * How a routing rule meets a received fax (decision 104): each condition against what the fax showed when it landed,
 * all of them needed. The same code files a fax and answers a dry run, so that what the dry run says is what happens.
 */

export type FaxFacts = Pick<FaxRow, 'id' | 'toNumber' | 'fromNumber' | 'senderName' | 'createdAt' | 'pages' | 'documentClass'>;

/** Whether a fax's read words match a rule's words: asked of the database beforehand, for every fax and query at once. */
export type WordsMatch = (faxId: string, query: string) => boolean;

/** A moment as the account's clock shows it: the weekday (0 Sunday), minutes past midnight, and the local date and time. */
export function localTime(at: Date, timeZone: string): { day: number; minutes: number; shown: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!);
  const minutes = Number(parts.hour) * 60 + Number(parts.minute);
  return { day, minutes, shown: `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}` };
}

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether a local time falls in a window of weekdays and hours: from `from` to `to` on each day named; a window whose
 * `from` is after its `to` spans midnight, and its small hours belong to the day it began (Friday 22:00 to 06:00
 * takes Saturday 03:00).
 */
export function inTimeWindow(local: { day: number; minutes: number }, window: { days: number[]; from: string; to: string }): boolean {
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  if (from <= to) return window.days.includes(local.day) && local.minutes >= from && local.minutes < to;
  const dayBefore = (local.day + 6) % 7;
  return (window.days.includes(local.day) && local.minutes >= from) || (window.days.includes(dayBefore) && local.minutes < to);
}

/** One condition against the fax: what it showed, and whether the condition held. */
export function verdictOf(condition: TRuleCondition, fax: FaxFacts, timeZone: string, words: WordsMatch): TConditionVerdict {
  const verdict = (observed: string | null, met: boolean): TConditionVerdict => ({ condition, observed, met });
  switch (condition.kind) {
    case 'called_number':
      return verdict(fax.toNumber, condition.numbers.includes(fax.toNumber));
    case 'caller':
      return verdict(fax.fromNumber, fax.fromNumber !== null && condition.prefixes.some((prefix) => fax.fromNumber!.startsWith(prefix)));
    case 'station_id':
      return verdict(fax.senderName, (fax.senderName ?? '').toLowerCase().includes(condition.contains.toLowerCase()));
    case 'time': {
      const local = localTime(fax.createdAt, timeZone);
      return verdict(local.shown, inTimeWindow(local, condition));
    }
    case 'pages':
      return verdict(
        fax.pages === null ? null : String(fax.pages),
        fax.pages !== null &&
          (condition.min === null || fax.pages >= condition.min) &&
          (condition.max === null || fax.pages <= condition.max),
      );
    case 'document_class':
      return verdict(fax.documentClass, fax.documentClass !== null && condition.classes.includes(fax.documentClass));
    case 'words':
      return verdict(null, words(fax.id, condition.query));
  }
}

/** Every condition of the rule against the fax; it matches when all hold. */
export function verdictsOf(rule: Pick<TRoutingRule, 'conditions'>, fax: FaxFacts, timeZone: string, words: WordsMatch) {
  const verdicts = rule.conditions.map((condition) => verdictOf(condition, fax, timeZone, words));
  return { verdicts, matched: verdicts.every((v) => v.met) };
}

/** The words conditions of these rules answered for these faxes, with one query per distinct words condition. */
export async function wordsMatchOf(
  db: Database,
  rules: ReadonlyArray<Pick<TRoutingRule, 'conditions'>>,
  faxIds: readonly string[],
): Promise<WordsMatch> {
  const queries = [...new Set(rules.flatMap((rule) => rule.conditions.flatMap((c) => (c.kind === 'words' ? [c.query] : []))))];
  const matches = new Map(await Promise.all(queries.map(async (query) => [query, await faxesMatchingWords(db, faxIds, query)] as const)));
  return (faxId, query) => matches.get(query)?.has(faxId) ?? false;
}
