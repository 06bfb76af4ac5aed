/**
 * What a page's <head> says to those who read the HTML without running the web app (search engines, link previews):
 * its title, description and social preview tags (Open Graph, Twitter card). Written into index.html by the server
 * for the pages whose content it holds (decision 116); every other page keeps index.html as built.
 */
export type TPageHead = {
  /** The page's own title; the tab shows "<title> | <site name>", as the web app writes it (use-document-title.ts). */
  title: string;
  siteName: string;
  description: string;
  /** The page's full address. */
  url: string;
  language: string;
  type: 'website' | 'article';
  publishedAt?: string;
  /** Feeds to announce (<link rel="alternate">), such as the blog's RSS. */
  alternates?: Array<{ type: string; title: string; href: string }>;
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * index.html with the page's head: its <title>, <meta name="description"> and <html lang> replaced, the preview tags
 * added before </head>. Every value is escaped: a title written in the back office cannot close a tag.
 */
export function withPageHead(html: string, head: TPageHead): string {
  const fullTitle = `${head.title} | ${head.siteName}`;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('property', 'og:locale', head.language),
    ...(head.publishedAt ? [meta('property', 'article:published_time', head.publishedAt)] : []),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(head.alternates ?? []).map(
      (link) =>
        `<link rel="alternate" type="${escapeHtml(link.type)}" title="${escapeHtml(link.title)}" href="${escapeHtml(link.href)}" />`,
    ),
  ];
  // Replaced by functions: a replacement string would read "$&" or "$'" in a title as a pattern of its own.
  return html
    .replace(/<html lang="[^"]*"/, () => `<html lang="${escapeHtml(head.language)}"`)
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(fullTitle)}</title>`)
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, () => meta('name', 'description', head.description))
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}
