import {
  ZContentInput,
  ZContentItem,
  ZContentListQuery,
  ZContentListResponse,
  ZContentParams,
  ZOk,
  ZPublishContentQuery,
  type TContentItem,
} from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../route-deps';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { Database } from '../platform/db/client';
import { contentChanges, createContent, deleteContent, getContent, listContent, setContentStatus, updateContent } from './manage-content';

/** Who changed which page, post or FAQ, in the audit trail (they are what the public site says). */
function auditContent(
  db: Database,
  request: FastifyRequest,
  action: `content.${string}`,
  item: TContentItem,
  details: Record<string, unknown> = {},
) {
  return recordAuditEvent(db, {
    actorUserId: request.adminAccess!.session.user.id,
    accountId: null,
    ip: request.ip,
    action,
    objectType: `content_${item.kind}`,
    objectId: item.id,
    outcome: 'success',
    details: { title: item.title, language: item.language, ...details },
  });
}

/**
 * /api/admin/content (spec 001 §2.11 /admin/content, §3, §4): pages, blog posts and FAQs. New items are drafts; edits
 * keep the status; publishing puts an item on the site at once (FAQs on /support).
 */
export const adminContentRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const params = ZContentParams;
  const actor = (request: FastifyRequest) => request.adminAccess!.session.user.id;

  app.get('/content', { schema: { querystring: ZContentListQuery, response: { 200: ZContentListResponse } } }, async (request) => ({
    items: await listContent(db, request.query),
  }));

  app.get('/content/:id', { schema: { params, response: { 200: ZContentItem } } }, async (request) => getContent(db, request.params.id));

  app.post('/content', { schema: { body: ZContentInput, response: { 201: ZContentItem } } }, async (request, reply) => {
    const item = await createContent(db, request.body, actor(request));
    await auditContent(db, request, 'content.create', item);
    return reply.status(201).send(item);
  });

  app.put('/content/:id', { schema: { params, body: ZContentInput, response: { 200: ZContentItem } } }, async (request) => {
    const { before, after } = await updateContent(db, request.params.id, request.body, actor(request));
    await auditContent(db, request, 'content.update', after, { changes: contentChanges(before, after) });
    return after;
  });

  // With `at` ahead, the item is scheduled: published, and shown on the site from then on.
  app.post(
    '/content/:id/publish',
    { schema: { params, querystring: ZPublishContentQuery, response: { 200: ZContentItem } } },
    async (request) => {
      const at = request.query.at ? new Date(request.query.at) : undefined;
      const item = await setContentStatus(db, request.params.id, 'published', actor(request), at);
      await auditContent(db, request, 'content.publish', item, { publishedAt: item.publishedAt });
      return item;
    },
  );

  app.post('/content/:id/unpublish', { schema: { params, response: { 200: ZContentItem } } }, async (request) => {
    const item = await setContentStatus(db, request.params.id, 'draft', actor(request));
    await auditContent(db, request, 'content.unpublish', item);
    return item;
  });

  app.delete('/content/:id', { schema: { params, response: { 200: ZOk } } }, async (request) => {
    const item = await deleteContent(db, request.params.id);
    await auditContent(db, request, 'content.delete', item);
    return { ok: true as const };
  });
};
