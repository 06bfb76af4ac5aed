import { ZFaqsResponse, type TFaqsResponse, type TLanguage } from '@faxline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

/** The public FAQs' query keys; the back office marks them stale when it changes an FAQ. */
export const faqKeys = {
  all: ['faqs'] as const,
  language: (language: TLanguage) => ['faqs', language] as const,
};

/**
 * GET /api/faqs?language=: the published FAQs of a language, in English when it has none. Public, no sign-in. Read by
 * /support and by the chat helper and the navigation box, which answer from the same FAQs the page shows.
 */
export function getFaqs(language: TLanguage): Promise<TFaqsResponse> {
  return apiGet(`/faqs?language=${encodeURIComponent(language)}`, ZFaqsResponse);
}

export const faqsQueryOptions = (language: TLanguage) =>
  queryOptions({ queryKey: faqKeys.language(language), queryFn: () => getFaqs(language), staleTime: 5 * 60_000 });

export function useFaqs(language: TLanguage) {
  return useQuery(faqsQueryOptions(language));
}
