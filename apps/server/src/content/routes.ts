import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  ZBlogListQuery,
  ZBlogListResponse,
  ZBlogPostParams,
  ZFaqQuery,
  ZFaqsResponse,
  ZPublicContent,
  ZPublicContentQuery,
  ZSitePageQuery,
  type TLanguage,
} from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { listPublishedFaqs } from './list-faqs';
import { findSiteContent, listBlogPosts } from './site-content';

const isLanguage = (value: string): value is TLanguage => (LANGUAGES as readonly string[]).includes(value);

/** ?language= is the page's language; without it, the request's. An unsupported code is English (spec 000 §4). */
const readerLanguage = (request: FastifyRequest, asked: string | undefined): TLanguage => {
  const language = asked?.toLowerCase() ?? request.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
};

/** Published content for the public site: the FAQs of /support (spec 000 §2), the blog and the written pages. */
export const contentRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/faqs', { schema: { querystring: ZFaqQuery, response: { 200: ZFaqsResponse } } }, async (request) =>
    listPublishedFaqs(db, readerLanguage(request, request.query.language)),
  );

  app.get('/blog', { schema: { querystring: ZBlogListQuery, response: { 200: ZBlogListResponse } } }, async (request) =>
    listBlogPosts(db, readerLanguage(request, request.query.language), request.query.page),
  );

  app.get(
    '/blog/:slug',
    { schema: { params: ZBlogPostParams, querystring: ZPublicContentQuery, response: { 200: ZPublicContent } } },
    async (request) => {
      const post = await findSiteContent(db, 'blog_post', request.params.slug, readerLanguage(request, request.query.language));
      if (!post) throw new AppError('not_found', 'errors.contentNotFound');
      return post;
    },
  );

  // A written page, by its address: the web app asks for any address it has no page of its own for.
  app.get('/pages', { schema: { querystring: ZSitePageQuery, response: { 200: ZPublicContent } } }, async (request) => {
    const page = await findSiteContent(db, 'page', request.query.path, readerLanguage(request, request.query.language));
    if (!page) throw new AppError('not_found', 'errors.contentNotFound');
    return page;
  });
};
