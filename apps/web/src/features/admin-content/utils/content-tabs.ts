import { LANGUAGES, type TContentKind, type TLanguage } from '@faxline/shared';

/** The tabs of /admin/content (spec 001 §2.11) as they appear in the address, and the kind each one lists. */
export const CONTENT_TABS = [
  { tab: 'pages', kind: 'page' },
  { tab: 'blog-posts', kind: 'blog_post' },
  { tab: 'faqs', kind: 'faq' },
] as const satisfies ReadonlyArray<{ tab: string; kind: TContentKind }>;
export type TContentTab = (typeof CONTENT_TABS)[number]['tab'];

/** The tab of customers' reviews, beside the content's (it lists no content kind). */
export const REVIEWS_TAB = 'reviews';

export type TContentView = {
  tab: TContentTab;
  kind: TContentKind;
  /** The list's language filter. */
  language: TLanguage | 'all';
  /** The item being edited: 'new' for a new one, an id, or null for the list. */
  editing: string | null;
};

/** Which tab, filter and item the address names; anything unknown is the first tab's full list. */
export function contentViewFromSearch(search: URLSearchParams): TContentView {
  const current = CONTENT_TABS.find((entry) => entry.tab === search.get('tab')) ?? CONTENT_TABS[0];
  const language = LANGUAGES.find((code) => code === search.get('language')) ?? 'all';
  return { tab: current.tab, kind: current.kind, language, editing: search.get('edit') || null };
}

/** The address's search part for a view; defaults are left out. */
export function searchForContentView(view: Pick<TContentView, 'tab' | 'language' | 'editing'>): URLSearchParams {
  const search = new URLSearchParams();
  if (view.tab !== CONTENT_TABS[0].tab) search.set('tab', view.tab);
  if (view.language !== 'all') search.set('language', view.language);
  if (view.editing) search.set('edit', view.editing);
  return search;
}
