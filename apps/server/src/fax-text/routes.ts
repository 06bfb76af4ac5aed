import { ZFaxTextSettings, ZFaxTextSettingsChange, ZReviewQueue, ZSetDocumentClass } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { faxTextSettingsOf, saveFaxTextSettings } from '../accounts/fax-settings';
import { actorOf } from '../accounts/require-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { RouteDeps } from '../route-deps';
import { correctDocumentClass } from './correct-class';
import { faxTextOf, plainTextOf } from './fax-text';
import { reviewQueueOf } from './review-queue';

/**
 * Whether the words of the account's faxes are read (decision 099), kept by its owner and sub-admins and audited; and
 * the words read on a fax, as a plain text file, for whoever may see the fax; and a member's class for a received fax.
 */
export const faxTextRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, files, requireActor }) => {
  const percentOf = (settings: { readsFaxText: boolean; reviewBelow: number }) => ({
    readsFaxText: settings.readsFaxText,
    reviewBelowPercent: Math.round(settings.reviewBelow * 100),
  });

  app.get(
    '/account/fax-text',
    { schema: { response: { 200: ZFaxTextSettings } }, preHandler: requireActor('manageFaxText') },
    async (request) => percentOf(await faxTextSettingsOf(db, actorOf(request).member.accountId)),
  );

  app.put(
    '/account/fax-text',
    { schema: { body: ZFaxTextSettingsChange, response: { 200: ZFaxTextSettings } }, preHandler: requireActor('manageFaxText') },
    async (request) => {
      const { user, member } = actorOf(request);
      const { readsFaxText, reviewBelowPercent } = request.body;
      await saveFaxTextSettings(db, member.accountId, {
        readsFaxText,
        ...(reviewBelowPercent === undefined ? {} : { reviewBelow: reviewBelowPercent / 100 }),
      });
      await recordAuditEvent(db, {
        actorUserId: user.id,
        accountId: member.accountId,
        ip: request.ip,
        action: 'account.fax_text',
        objectType: 'account',
        objectId: member.accountId,
        outcome: 'success',
        details: request.body,
      });
      return percentOf(await faxTextSettingsOf(db, member.accountId));
    },
  );

  app.get(
    '/faxes/review',
    { schema: { response: { 200: ZReviewQueue } }, preHandler: requireActor('useFaxes') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reviewQueueOf(db, actorOf(request));
    },
  );

  const params = z.object({ id: z.uuid({ error: 'errors.faxNotFound' }) });
  app.get('/faxes/:id/text', { schema: { params }, preHandler: requireActor('useFaxes') }, async (request, reply) => {
    const text = await faxTextOf({ db, files }, actorOf(request), request.params.id);
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${text.name}"`)
      .header('cache-control', 'private, no-store')
      .send(plainTextOf(text));
  });

  app.put(
    '/faxes/:id/class',
    { schema: { params, body: ZSetDocumentClass, response: { 200: ZSetDocumentClass } }, preHandler: requireActor('useFaxes') },
    async (request) => correctDocumentClass({ db, files }, actorOf(request), request.params.id, request.body.documentClass),
  );
};
