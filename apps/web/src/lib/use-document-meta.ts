import { useEffect } from 'react';

import { useDocumentTitle } from './use-document-title';

type TDocumentMeta = {
  /** The page's own title; the tab shows "<title> | <site name>" (use-document-title.ts). */
  title: string;
  /** One or two sentences for search results and link previews, in the active language. */
  description: string;
};

function descriptionElement(): HTMLMetaElement {
  const existing = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (existing) return existing;
  const created = document.createElement('meta');
  created.name = 'description';
  document.head.append(created);
  return created;
}

/**
 * Sets the document title and <meta name="description"> for a page. The previous description comes back when the
 * page goes, so that pages without one of their own keep the site's general description from index.html.
 */
export function useDocumentMeta({ title, description }: TDocumentMeta): void {
  useDocumentTitle(title);
  useEffect(() => {
    const meta = descriptionElement();
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
}
