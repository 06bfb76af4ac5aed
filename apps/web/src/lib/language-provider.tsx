import { LANGUAGES, type TLanguage } from '@faxline/shared';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { resolveLanguage, storeLanguage } from './language';
import { LanguageContext, type TLanguageContext } from './use-language';

export function LanguageProvider({ children }: { children: ReactNode }) {
  // useTranslation re-renders on every language change, so `language` is always the active one.
  const { i18n } = useTranslation();
  const language = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);

  // A choice is stored at once: i18next switches (and fires languageChanged, which also stores it and sets
  // <html lang>, src/lib/i18n.ts) only once the new language's texts have loaded, and a reload or a link followed
  // before then must not lose the choice.
  const setLanguage = useCallback(
    (next: TLanguage) => {
      storeLanguage(next);
      void i18n.changeLanguage(next);
    },
    [i18n],
  );

  const value = useMemo<TLanguageContext>(() => ({ language, setLanguage, languages: LANGUAGES }), [language, setLanguage]);
  return <LanguageContext value={value}>{children}</LanguageContext>;
}
