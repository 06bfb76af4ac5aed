import { ZAdminReview, ZAdminReviewsPage, ZAdminReviewsQuery, ZReviewParams, ZReviewReplyRequest } from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../route-deps';
import { listReviewsToModerate } from './list-reviews';
import { answerReview, moderateReview, type Moderator } from './moderate-review';

/** /api/admin/reviews (decision 115): the back office approves, hides and answers customers' reviews. */
export const adminReviewRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const moderator = (request: FastifyRequest): Moderator => ({ userId: request.adminAccess!.session.user.id, ip: request.ip });
  const params = ZReviewParams;

  app.get('/reviews', { schema: { querystring: ZAdminReviewsQuery, response: { 200: ZAdminReviewsPage } } }, async (request) =>
    listReviewsToModerate(db, request.query),
  );

  for (const [action, status] of [
    ['approve', 'approved'],
    ['hide', 'hidden'],
  ] as const)
    app.post(`/reviews/:id/${action}`, { schema: { params, response: { 200: ZAdminReview } } }, async (request) =>
      moderateReview(db, request.params.id, status, moderator(request)),
    );

  app.put('/reviews/:id/reply', { schema: { params, body: ZReviewReplyRequest, response: { 200: ZAdminReview } } }, async (request) =>
    answerReview(db, request.params.id, request.body.reply, moderator(request)),
  );
};
