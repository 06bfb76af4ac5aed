import { LANGUAGES, ZFaqQuery, ZFaqsResponse, type TLanguage } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../platform/db/client';
import { listPublishedFaqs } from './list-faqs';

const isLanguage = (value: string): value is TLanguage => (LANGUAGES as readonly string[]).includes(value);

/** Published content for the public site: the FAQs of /support (spec 000 §2). */
export const contentRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // ?language= is the page's language; without it, the request's. An unsupported code is English (spec 000 §4).
  app.get('/faqs', { schema: { querystring: ZFaqQuery, response: { 200: ZFaqsResponse } } }, async (request) => {
    const asked = request.query.language?.toLowerCase() ?? request.language;
    return listPublishedFaqs(db, isLanguage(asked) ? asked : 'en');
  });
};
