import type { TLanguage } from '@faxline/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as TI18n } from 'i18next';

import { faqsQueryOptions } from '@/lib/faqs/get-faqs';

import { contentSearchFor, type TContentSearch, type THelpTexts } from './content-search';

/** The last index built per language, with the content it was built from (the query's data keeps its identity). */
const built = new Map<TLanguage, { faqs: unknown; help: unknown; search: TContentSearch }>();

/**
 * The content search of a language, from what /support shows: the FAQs through the page's own query (the same cache,
 * the same response) and the help sections from the page's `help` texts. Imported dynamically, with MiniSearch, the
 * first time a helper needs it. A failed request leaves out what it would have brought: the helpers still answer.
 */
export async function loadContentSearch(queryClient: QueryClient, i18n: TI18n, language: TLanguage): Promise<TContentSearch> {
  const [faqs] = await Promise.all([
    queryClient.fetchQuery(faqsQueryOptions(language)).catch(() => null),
    i18n.loadNamespaces('help').catch(() => undefined),
  ]);
  const help = (i18n.getResourceBundle(language, 'help') as { support?: THelpTexts } | undefined)?.support ?? null;
  // Focusing the box and then submitting both ask for it: the index is built again only when the content changed.
  const last = built.get(language);
  if (last && last.faqs === faqs && last.help === help) return last.search;
  const search = contentSearchFor(faqs, help, language);
  built.set(language, { faqs, help, search });
  return search;
}
