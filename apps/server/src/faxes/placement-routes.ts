import { ZFaxAssignees, ZFaxPlacement, ZFaxPlacementChange, ZFaxTimeline, ZInboxFaxPage, ZInboxFaxQuery } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import { faxTimeline } from './fax-timeline';
import { listInboxFaxes } from './inbox-faxes';
import { assigneesOf, changePlacement } from './placement';

const params = z.object({ id: z.uuid({ error: 'errors.faxNotFound' }) });

/** A received fax's place in the shared inboxes (decision 103): the lists of an inbox, a fax's moves, its timeline. */
export const faxPlacementRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  app.get(
    '/inboxes/faxes',
    { schema: { querystring: ZInboxFaxQuery, response: { 200: ZInboxFaxPage } }, preHandler: requireActor('useFaxes') },
    async (request) => listInboxFaxes(db, actorOf(request), request.query),
  );

  app.patch(
    '/faxes/:id/placement',
    { schema: { params, body: ZFaxPlacementChange, response: { 200: ZFaxPlacement } }, preHandler: requireActor('useFaxes') },
    async (request) => changePlacement(db, actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/faxes/:id/assignees',
    { schema: { params, response: { 200: ZFaxAssignees } }, preHandler: requireActor('useFaxes') },
    async (request) => ({ people: await assigneesOf(db, actorOf(request), request.params.id) }),
  );

  app.get(
    '/faxes/:id/timeline',
    { schema: { params, response: { 200: ZFaxTimeline } }, preHandler: requireActor('useFaxes') },
    async (request) => faxTimeline(db, actorOf(request), request.params.id),
  );
};
