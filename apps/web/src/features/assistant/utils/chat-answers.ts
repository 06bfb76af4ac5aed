import { matchChat, type TPage, type TReply } from './keyword-routes';

/** An assistant message, kept as what to say rather than words, so it follows a change of language. */
export type TAssistantSays = { say: 'welcome' | 'fallback' | TReply } | { say: 'going'; page: TPage };

/**
 * The chat helper's answer to a message (spec 000 §4): a confirmation goes to its page, a keyword gets its reply,
 * anything else the fallback. `go` is where to navigate once the answer shows.
 */
export function answerTo(message: string): { says: Exclude<TAssistantSays, { say: 'going' }> } | { go: TPage } {
  const match = matchChat(message);
  if (match === null) return { says: { say: 'fallback' } };
  return 'page' in match ? { go: match.page } : { says: { say: match.reply } };
}
