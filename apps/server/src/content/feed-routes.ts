import { DEFAULT_LANGUAGE, LANGUAGES, SITE_FEED_PATHS, webPaths, type TLanguage } from '@faxline/shared';
import { Feed } from 'feed';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteDeps } from '../route-deps';
import { translator } from '../platform/i18n/i18n';
import { latestBlogPosts, listSiteContent } from './site-content';

/** The most items a feed lists: a sitemap holds up to 50,000 addresses; a reader wants the latest posts. */
const SITEMAP_LIMIT = 10_000;
const RSS_LIMIT = 50;

/** The public pages of the site that search engines should know (the forms and the areas behind sign-in stay out). */
const SITE_PAGES = [
  webPaths.home,
  webPaths.pricing,
  webPaths.faxPlans,
  webPaths.support,
  webPaths.developers,
  webPaths.apiDocumentation,
  webPaths.aboutUs,
  webPaths.reviews,
  webPaths.status,
  webPaths.blog,
  webPaths.utilitiesTools,
  webPaths.portingYourNumber,
  webPaths.sitemap,
  webPaths.securityPrivacy,
  webPaths.privacyPolicy,
  webPaths.contact,
].map((page) => page.path);

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * /sitemap.xml and /blog/rss.xml (decision 116), served by the server itself, outside the web app: the site's pages, and
 * the pages and posts published in the back office whose time has come (a draft or a scheduled post is in neither).
 */
export const contentFeedRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, config, systemSettings }) => {
  app.get(SITE_FEED_PATHS.sitemap, async (_request, reply) => {
    const [pages, posts] = await Promise.all([listSiteContent(db, 'page', SITEMAP_LIMIT), listSiteContent(db, 'blog_post', SITEMAP_LIMIT)]);
    const entry = (path: string, lastModified?: string) =>
      `  <url><loc>${escapeXml(`${config.publicUrl}${path}`)}</loc>${lastModified ? `<lastmod>${lastModified}</lastmod>` : ''}</url>`;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...SITE_PAGES.map((path) => entry(path)),
      ...pages.map((page) => entry(page.path!, page.updatedAt)),
      ...posts.map((post) => entry(webPaths.blog.getHref(post.slug!), post.updatedAt)),
      '</urlset>',
      '',
    ].join('\n');
    return reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8').send(xml);
  });

  // ?language= picks the posts' language (a reader subscribes to one); without it, the request's.
  app.get<{ Querystring: { language?: string } }>(SITE_FEED_PATHS.blogRss, async (request, reply) => {
    const asked = typeof request.query.language === 'string' ? request.query.language.toLowerCase() : request.language;
    const language: TLanguage = (LANGUAGES as readonly string[]).includes(asked) ? (asked as TLanguage) : DEFAULT_LANGUAGE;
    const { siteName } = await systemSettings.current();
    const t = translator(language);
    const posts = await latestBlogPosts(db, language, RSS_LIMIT);
    const blogUrl = `${config.publicUrl}${webPaths.blog.path}`;
    const feed = new Feed({
      title: t('site.feedTitle', { siteName }),
      description: t('site.blogDescription', { siteName }),
      id: blogUrl,
      link: blogUrl,
      language,
      copyright: siteName,
      updated: posts[0] ? new Date(posts[0].publishedAt) : undefined,
      feedLinks: { rss: `${config.publicUrl}${SITE_FEED_PATHS.blogRss}` },
    });
    for (const post of posts) {
      const link = `${config.publicUrl}${webPaths.blog.getHref(post.slug!)}`;
      // The description only, as plain text: the post itself is read on the site, where its Markdown is made safe.
      feed.addItem({ title: post.title, id: link, link, description: post.description, date: new Date(post.publishedAt) });
    }
    return reply.header('cache-control', 'no-cache').type('application/rss+xml; charset=utf-8').send(feed.rss2());
  });
};
