import { useEffect } from 'react';

import { usePlatformStatus } from './use-platform-info';

/** The icon index.html names, which stands until the back office's is known, and again when that one is cleared. */
const DEFAULT_FAVICON = '/favicon.svg';

/** The MIME type a favicon's extension says, so that the browser need not guess (an .svg without it is not drawn by all). */
function typeOf(href: string): string | null {
  const extension = /\.([a-z]+)(?:[?#].*)?$/i.exec(href)?.[1]?.toLowerCase();
  const types: Record<string, string> = {
    svg: 'image/svg+xml',
    png: 'image/png',
    ico: 'image/x-icon',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    avif: 'image/avif',
  };
  return extension ? (types[extension] ?? null) : null;
}

/**
 * The tab's icon set in the back office (faviconUrl, decision 117), on the document's own `<link rel="icon">`. The
 * server accepts only https:// images or this site's paths, so whatever is set here is an image address.
 */
export function SiteFavicon() {
  const faviconUrl = usePlatformStatus().data?.faviconUrl;
  useEffect(() => {
    if (faviconUrl === undefined) return;
    const link =
      document.head.querySelector<HTMLLinkElement>('link[rel="icon"]') ?? document.head.appendChild(document.createElement('link'));
    link.rel = 'icon';
    const href = faviconUrl || DEFAULT_FAVICON;
    link.setAttribute('href', href);
    const type = typeOf(href);
    if (type) link.type = type;
    else link.removeAttribute('type');
  }, [faviconUrl]);
  return null;
}
