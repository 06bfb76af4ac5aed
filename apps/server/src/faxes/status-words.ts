import { LANGUAGES, OUTBOUND_FAX_STATUSES, type TFaxStatus } from '@faxline/shared';
import { translator } from '../platform/i18n/i18n';

const STATUSES: readonly TFaxStatus[] = [...OUTBOUND_FAX_STATUSES, 'received'];

/** A word as a search compares it: lower case, without accents ("Échoué" is "echoue"). */
export const foldWord = (word: string) =>
  word
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

/**
 * The statuses a search word names in any of Faxline's languages ("failed", "fallido", "échoué"; "scheduled",
 * "programado"), from the server's own words for them (`faxStatuses`), so that the history finds a fax by its status
 * in the reader's language, counted from the search tallies like the stored status. Made once.
 */
const BY_WORD: ReadonlyMap<string, readonly TFaxStatus[]> = (() => {
  const byWord = new Map<string, TFaxStatus[]>();
  for (const language of LANGUAGES) {
    const t = translator(language);
    for (const status of STATUSES) {
      const word = foldWord(t(`faxStatuses.${status as 'failed'}`));
      byWord.set(word, [...new Set([...(byWord.get(word) ?? []), status])]);
    }
  }
  return byWord;
})();

/** The statuses a search names by their word, none when it is not a status's word. */
export function statusesNamed(search: string): readonly TFaxStatus[] {
  return BY_WORD.get(foldWord(search)) ?? [];
}
