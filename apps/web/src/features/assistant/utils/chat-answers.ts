import type { TContentAnswer, TContentSearch } from './content-search';
import { matchChat, type TPage, type TReply } from './keyword-routes';

/**
 * An assistant message, kept as what to say rather than words, so it follows a change of language; an answer from the
 * content keeps the words it was found with.
 */
export type TAssistantSays =
  { say: 'welcome' | 'fallback' | TReply } | { say: 'going'; page: TPage } | { say: 'content'; answer: TContentAnswer };

/**
 * The chat helper's answer to a message: a confirmation goes to its page and a keyword gets its reply (spec 000 §4);
 * then, when the content search is given, the best FAQ or help section of /support; anything else
 * the spec's fallback. `go` is where to navigate once the answer shows.
 */
export function answerTo(
  message: string,
  searchContent?: TContentSearch | null,
): { says: Exclude<TAssistantSays, { say: 'going' }> } | { go: TPage } {
  const match = matchChat(message);
  if (match !== null) return 'page' in match ? { go: match.page } : { says: { say: match.reply } };
  const found = searchContent?.(message) ?? null;
  return { says: found ? { say: 'content', answer: found } : { say: 'fallback' } };
}
