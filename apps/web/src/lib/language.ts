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

/**
 * The first of the browser's preferred languages (BCP 47 tags, most wanted first) that Faxline speaks, by its primary
 * subtag ("es-MX" is Spanish); the default when it speaks none of them.
 */
export function preferredLanguage(browserLanguages: readonly string[]): TLanguage {
  for (const tag of browserLanguages) {
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The language a visit starts in: the one chosen on an earlier visit (an unsupported stored code falls back to the
 * default, spec 000 §4); on a first visit, the browser's preference.
 */
export function initialLanguage(): TLanguage {
  const stored = readStoredLanguage();
  if (stored !== null) return resolveLanguage(stored);
  return preferredLanguage(navigator.languages?.length ? navigator.languages : [navigator.language ?? '']);
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
