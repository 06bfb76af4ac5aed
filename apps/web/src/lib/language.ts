import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@faxline/shared';

export const LANGUAGE_STORAGE_KEY = 'language';

/** Each language named in itself (not translated), so a reader finds their own language whatever is active. */
export const LANGUAGE_NAMES: Record<TLanguage, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
};

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language to use for a stored code; anything unsupported falls back to the default (spec 000 §4). */
export function resolveLanguage(stored: string | null | undefined): TLanguage {
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

// Storage can throw (disabled cookies, some private modes); the language then simply isn't remembered.
export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLanguage(language: TLanguage): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered across visits; the current page still switches.
  }
}
