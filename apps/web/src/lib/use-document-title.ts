import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to "<page> | Faxline" in the active language; screen readers announce it on navigation. */
export function useDocumentTitle(pageTitle: string): void {
  const { t } = useTranslation();
  const title = t('pageTitle', { title: pageTitle });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
