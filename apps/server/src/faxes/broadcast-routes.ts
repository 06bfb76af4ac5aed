import multipart from '@fastify/multipart';
import {
  MAX_ATTACHMENTS,
  MAX_FILE_SIZE_MB_LIMIT,
  ZBroadcastActionResponse,
  ZBroadcastDetails,
  ZBroadcastList,
  ZFaxQuote,
  ZSendBroadcastRequest,
  ZSendBroadcastResponse,
  type TLanguage,
} from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../accounts/require-actor';
import { translator } from '../platform/i18n/i18n';
import type { RouteDeps } from '../route-deps';
import { broadcastReport } from './broadcast-report';
import { getBroadcast, listBroadcasts } from './broadcast-view';
import { cancelBroadcast } from './cancel-broadcast';
import type { FaxActor } from './fax-access';
import { readSendForm } from './read-send-form';
import { retryFailedOfBroadcast } from './retry-broadcast';
import { quoteBroadcast, sendBroadcast } from './send-broadcast';
import { assertMaySend } from './send-fax';

const ZBroadcastParams = z.object({ id: z.uuid({ error: 'errors.broadcastNotFound' }) });

/** The language of a broadcast's cover page and of what its sender is told later: the person's own, else the request's. */
const senderLanguage = (actor: FaxActor, request: FastifyRequest): TLanguage =>
  (actor.user.language as TLanguage | undefined) ?? request.language;

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key.length <= 200 ? key : null;
}

/** The portal's broadcasts (decision 111): each route reads its request, calls one service, and answers. */
export const broadcastRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, config, files, queue, systemSettings, requireActor },
) => {
  const sendDeps = { db, files, queue, config, systemSettings };
  await app.register(multipart, {
    // The recipients travel in `request.json` (about 20 bytes a number): the field is sized for the largest list.
    limits: { fileSize: MAX_FILE_SIZE_MB_LIMIT * 1024 * 1024 + 1, files: MAX_ATTACHMENTS, fields: 10, fieldSize: 256 * 1024, parts: 20 },
  });

  app.post(
    '/broadcasts',
    { schema: { response: { 202: ZSendBroadcastResponse } }, preHandler: requireActor('useFaxes') },
    async (request, reply) => {
      const actor = actorOf(request);
      assertMaySend(actor);
      const form = await readSendForm(request, ZSendBroadcastRequest);
      const sent = await sendBroadcast(sendDeps, {
        actor,
        language: senderLanguage(actor, request),
        request: form.request,
        uploads: form.uploads,
        idempotencyKey: idempotencyKeyOf(request),
      });
      return reply.status(202).send({
        broadcastId: sent.broadcastId,
        recipients: sent.recipients,
        status: sent.scheduled ? 'scheduled' : 'queued',
        message: translator(request.language)('broadcasts.accepted', { count: sent.recipients }),
        quote: sent.quote,
      });
    },
  );

  // The whole set's price, shown before sending (decision 096): the same checks, nothing stored or queued.
  app.post('/broadcasts/quote', { schema: { response: { 200: ZFaxQuote } }, preHandler: requireActor('useFaxes') }, async (request) => {
    const actor = actorOf(request);
    const form = await readSendForm(request, ZSendBroadcastRequest);
    return quoteBroadcast(sendDeps, {
      actor,
      language: senderLanguage(actor, request),
      request: form.request,
      uploads: form.uploads,
      idempotencyKey: null,
    });
  });

  app.get('/broadcasts', { schema: { response: { 200: ZBroadcastList } }, preHandler: requireActor('useFaxes') }, async (request) => ({
    broadcasts: await listBroadcasts(db, actorOf(request)),
  }));

  app.get(
    '/broadcasts/:id',
    { schema: { params: ZBroadcastParams, response: { 200: ZBroadcastDetails } }, preHandler: requireActor('useFaxes') },
    async (request) => getBroadcast(db, actorOf(request), request.params.id),
  );

  app.post(
    '/broadcasts/:id/retry',
    { schema: { params: ZBroadcastParams, response: { 202: ZBroadcastActionResponse } }, preHandler: requireActor('useFaxes') },
    async (request, reply) => {
      const actor = actorOf(request);
      assertMaySend(actor);
      const count = await retryFailedOfBroadcast(sendDeps, {
        actor,
        id: request.params.id,
        language: senderLanguage(actor, request),
        idempotencyKey: idempotencyKeyOf(request),
      });
      return reply.status(202).send({ count, message: translator(request.language)('broadcasts.retried', { count }) });
    },
  );

  app.post(
    '/broadcasts/:id/cancel',
    { schema: { params: ZBroadcastParams, response: { 200: ZBroadcastActionResponse } }, preHandler: requireActor('useFaxes') },
    async (request) => {
      const count = await cancelBroadcast({ db, queue, config }, actorOf(request), request.params.id, request.language);
      return { count, message: translator(request.language)('broadcasts.canceled', { count }) };
    },
  );

  app.get(
    '/broadcasts/:id/report.csv',
    { schema: { params: ZBroadcastParams }, preHandler: requireActor('useFaxes') },
    async (request, reply) => {
      const csv = await broadcastReport(db, actorOf(request), request.params.id, request.language);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="broadcast-${request.params.id}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
