import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuth } from './auth/use-auth';
import { resolveLanguage } from './language';

/**
 * A language picked while signed in becomes the person's language on the server too, so that e-mails and cover pages
 * follow it. Only an explicit change counts: signing in does not overwrite the saved language with the browser's.
 */
export function SaveLanguageChoice() {
  const { user } = useAuth();
  const { i18n } = useTranslation();
  // What the server has: the session's language when someone signs in, then each language saved since.
  const saved = useRef(user?.language);
  const userId = user?.id;
  const sessionLanguage = user?.language;

  useEffect(() => {
    saved.current = sessionLanguage;
  }, [userId]); // eslint-disable-line react-hooks/exhaustive-deps -- reset per person, not per session refresh

  useEffect(() => {
    if (!userId) return;
    const onChange = (lng: string) => {
      const language = resolveLanguage(lng);
      if (language === saved.current) return;
      saved.current = language;
      // Best effort: the page already shows the new language; the next change tries again.
      void import('./save-profile-language').then((module) => module.saveProfileLanguage(language)).catch(() => undefined);
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [userId, i18n]);
  return null;
}
