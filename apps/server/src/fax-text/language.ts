import type { TLanguage } from '@faxline/shared';
import { franc } from 'franc-min';

/** Faxline's languages by their ISO 639-3 codes, which franc answers in. */
const BY_ISO_639_3: Record<string, TLanguage> = { eng: 'en', spa: 'es', fra: 'fr' };

/**
 * The language of a fax's text among Faxline's three, by franc's trigram model (the search's stemming follows it);
 * null when the text is too short to tell (a page of numbers, a blank page) or franc cannot tell.
 */
export function languageOfText(text: string): TLanguage | null {
  return BY_ISO_639_3[franc(text, { only: Object.keys(BY_ISO_639_3), minLength: 20 })] ?? null;
}
