import { CONTENT_PATH_PATTERN, CONTENT_SLUG_PATTERN, SITE_FEED_PATHS, webPaths, type TLanguage } from '@faxline/shared';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import type { TPageHead } from '../platform/http/page-head';
import { translator } from '../platform/i18n/i18n';
import type { SystemSettings } from '../system-settings/system-settings';
import { findSiteContent } from './site-content';

const BLOG_POST_PATH = new RegExp(`^${webPaths.blog.path}/([^/]+)$`);

/**
 * The head of the pages whose content the server holds (decision 116): /blog, a post at /blog/<slug>, and the pages
 * written in the back office at their path; null for any other address (the web app's own pages keep index.html).
 * In the reader's language (Accept-Language), English when the item has no translation in it.
 */
export function contentPageHeads(deps: { db: Database; config: Pick<TConfig, 'publicUrl'>; systemSettings: SystemSettings }) {
  return async (pathname: string, language: TLanguage): Promise<TPageHead | null> => {
    const { siteName } = await deps.systemSettings.current();
    const url = `${deps.config.publicUrl}${pathname}`;
    const t = translator(language);
    const rss = {
      type: 'application/rss+xml',
      title: t('site.feedTitle', { siteName }),
      href: `${deps.config.publicUrl}${SITE_FEED_PATHS.blogRss}`,
    };
    if (pathname === webPaths.blog.path)
      return {
        title: t('site.blogTitle'),
        description: t('site.blogDescription', { siteName }),
        siteName,
        url,
        language,
        type: 'website',
        alternates: [rss],
      };
    const slug = BLOG_POST_PATH.exec(pathname)?.[1];
    const item =
      slug !== undefined
        ? CONTENT_SLUG_PATTERN.test(slug)
          ? await findSiteContent(deps.db, 'blog_post', slug, language)
          : null
        : CONTENT_PATH_PATTERN.test(pathname)
          ? await findSiteContent(deps.db, 'page', pathname, language)
          : null;
    if (!item) return null;
    return {
      title: item.title,
      description: item.description,
      siteName,
      url,
      language: item.language,
      type: item.kind === 'blog_post' ? 'article' : 'website',
      ...(item.kind === 'blog_post' ? { publishedAt: item.publishedAt, alternates: [rss] } : {}),
    };
  };
}
