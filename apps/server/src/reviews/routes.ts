import { ZMyReview, ZReviewsPage, ZReviewsQuery, ZWriteReviewRequest } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import { listApprovedReviews } from './list-reviews';
import { getMyReview, writeReview } from './write-review';

/**
 * /api/reviews (decision 115): anyone reads the approved reviews; a signed-in member of an account reads and writes
 * its one review.
 */
export const reviewRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  app.get('/reviews', { schema: { querystring: ZReviewsQuery, response: { 200: ZReviewsPage } } }, async (request) =>
    listApprovedReviews(db, request.query.page),
  );

  app.get('/reviews/mine', { schema: { response: { 200: ZMyReview } }, preHandler: requireActor('anyRole') }, async (request) =>
    getMyReview(db, actorOf(request)),
  );

  app.put(
    '/reviews/mine',
    { schema: { body: ZWriteReviewRequest, response: { 200: ZMyReview } }, preHandler: requireActor('anyRole') },
    async (request) => writeReview(db, actorOf(request), request.body),
  );
};
