import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { LANGUAGE_NAMES, resolveLanguage } from '@/lib/language';
import { useLanguage } from '@/lib/use-language';

import { LanguageFlag } from './language-flag';

/**
 * A native select, so every keyboard, screen reader and phone knows it; the active language's flag stands beside it
 * (an option of a native select can hold text only).
 */
export function LanguagePicker() {
  const { t } = useTranslation();
  const { language, setLanguage, languages } = useLanguage();
  const id = useId();

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <LanguageFlag language={language} />
      <select
        id={id}
        value={language}
        onChange={(event) => setLanguage(resolveLanguage(event.target.value))}
        className="h-9 rounded-md border border-input bg-background px-2 text-sm outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        {languages.map((code) => (
          // lang lets a screen reader pronounce each name in its own language.
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
