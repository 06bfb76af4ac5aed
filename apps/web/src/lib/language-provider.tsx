import { LANGUAGES, type TLanguage } from '@faxline/shared';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { resolveLanguage } from './language';
import { LanguageContext, type TLanguageContext } from './use-language';

export function LanguageProvider({ children }: { children: ReactNode }) {
  // useTranslation re-renders on every language change, so `language` is always the active one.
  const { i18n } = useTranslation();
  const language = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);

  // Storage and <html lang> follow i18next's languageChanged event (src/lib/i18n.ts), whoever changes it.
  const setLanguage = useCallback((next: TLanguage) => void i18n.changeLanguage(next), [i18n]);

  const value = useMemo<TLanguageContext>(() => ({ language, setLanguage, languages: LANGUAGES }), [language, setLanguage]);
  return <LanguageContext value={value}>{children}</LanguageContext>;
}
