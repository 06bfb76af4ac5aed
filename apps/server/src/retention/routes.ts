import {
  ZFaxRetention,
  ZInboxRetentionChange,
  ZLegalHold,
  ZLegalHolds,
  ZLiftLegalHold,
  ZOk,
  ZRetentionPolicyChange,
  ZRetentionSettings,
  ZSetLegalHold,
} from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import { faxRetentionOf } from './fax-retention';
import { activeHoldsOf, liftLegalHold, setLegalHold, toPublicHold } from './holds';
import { changeInboxRetention, changeRetentionPolicy, retentionSettingsOf } from './retention-settings';

/**
 * Retention, legal holds and zero-footprint mode (decision 108): the account's policy and its inboxes' periods, kept by
 * the owner and sub-admins; holds set and lifted by them with a reason; and the holds that keep one fax, for whoever
 * may see it.
 */
export const retentionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  app.get(
    '/retention/policy',
    { schema: { response: { 200: ZRetentionSettings } }, preHandler: requireActor('manageRetention') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return retentionSettingsOf(db, actorOf(request));
    },
  );

  app.put(
    '/retention/policy',
    { schema: { body: ZRetentionPolicyChange, response: { 200: ZRetentionSettings } }, preHandler: requireActor('manageRetention') },
    async (request) => {
      const actor = actorOf(request);
      await changeRetentionPolicy(db, actor, request.body);
      return retentionSettingsOf(db, actor);
    },
  );

  app.put(
    '/retention/inboxes/:id',
    {
      schema: {
        params: z.object({ id: z.uuid({ error: 'errors.inboxNotFound' }) }),
        body: ZInboxRetentionChange,
        response: { 200: ZRetentionSettings },
      },
      preHandler: requireActor('manageRetention'),
    },
    async (request) => {
      const actor = actorOf(request);
      await changeInboxRetention(db, actor, request.params.id, request.body.days);
      return retentionSettingsOf(db, actor);
    },
  );

  app.get(
    '/retention/holds',
    { schema: { response: { 200: ZLegalHolds } }, preHandler: requireActor('manageRetention') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { holds: (await activeHoldsOf(db, actorOf(request).member.accountId)).map(toPublicHold) };
    },
  );

  app.post(
    '/retention/holds',
    { schema: { body: ZSetLegalHold, response: { 201: ZLegalHold } }, preHandler: requireActor('manageRetention') },
    async (request, reply) => reply.status(201).send(await setLegalHold(db, actorOf(request), request.body)),
  );

  app.post(
    '/retention/holds/:id/lift',
    {
      schema: { params: z.object({ id: z.uuid({ error: 'errors.legalHoldNotFound' }) }), body: ZLiftLegalHold, response: { 200: ZOk } },
      preHandler: requireActor('manageRetention'),
    },
    async (request) => {
      await liftLegalHold(db, actorOf(request), request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );

  app.get(
    '/retention/faxes/:id',
    {
      schema: { params: z.object({ id: z.uuid({ error: 'errors.faxNotFound' }) }), response: { 200: ZFaxRetention } },
      preHandler: requireActor('useFaxes'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return faxRetentionOf(db, actorOf(request), request.params.id);
    },
  );
};
