import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '@/lib/use-language';

import type { TContentSearch } from '../utils/content-search';

/**
 * Loads, on first use, the search through the FAQs and help sections of /support in the language chosen. MiniSearch
 * and the content come with it, never with the first page.
 */
export function useContentSearch(): () => Promise<TContentSearch> {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const { language } = useLanguage();
  return useCallback(
    () => import('../utils/load-content-search').then(({ loadContentSearch }) => loadContentSearch(queryClient, i18n, language)),
    [queryClient, i18n, language],
  );
}
