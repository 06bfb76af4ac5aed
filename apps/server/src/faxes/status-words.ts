import { FAX_FAILURE_REASONS, LANGUAGES, OUTBOUND_FAX_STATUSES, type TFaxFailureReason, type TFaxStatus } from '@faxline/shared';
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

/**
 * The failure reasons a search names in any of Faxline's languages, from the server's own words for them
 * (`failureReasons`, the words of the fax's details and e-mails): the whole sentence or its head before the colon
 * ("busy", "ocupado", "occupé" for "Occupé : la ligne était occupée"; "no answer", "sin respuesta"). Made once.
 */
const REASONS_BY_WORD: ReadonlyMap<string, readonly TFaxFailureReason[]> = (() => {
  const byWord = new Map<string, TFaxFailureReason[]>();
  for (const language of LANGUAGES) {
    const t = translator(language);
    for (const reason of FAX_FAILURE_REASONS) {
      const sentence = t(`failureReasons.${reason as 'busy'}`);
      for (const word of new Set([foldWord(sentence), foldWord(sentence.split(':')[0]!)])) {
        byWord.set(word, [...new Set([...(byWord.get(word) ?? []), reason])]);
      }
    }
  }
  return byWord;
})();

/** The failure reasons a search names by their words, none when it names none. */
export function reasonsNamed(search: string): readonly TFaxFailureReason[] {
  return REASONS_BY_WORD.get(foldWord(search)) ?? [];
}
