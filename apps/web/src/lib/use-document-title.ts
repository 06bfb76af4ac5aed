import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { DEFAULT_SITE_NAME, usePlatformStatus } from './platform/use-platform-info';

/**
 * Sets the tab title to "<page> | <site name>" in the active language (the back office's site name, Faxline until it is
 * known); screen readers announce it on navigation.
 */
export function useDocumentTitle(pageTitle: string): void {
  const { t } = useTranslation();
  const site = usePlatformStatus().data?.siteName ?? DEFAULT_SITE_NAME;
  const title = t('pageTitle', { title: pageTitle, site });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
