import { ZFaxFhirExports, ZFhirConnectionChange, ZFhirConnectionResponse, ZFhirConnectionTest } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import { describeFhirConnection, fhirConnectionOf, removeFhirConnection, saveFhirConnection, testFhirConnection } from './connections';
import { fhirExportsOfFax, requestFhirExport } from './fax-exports';

/**
 * The account's FHIR server (decision 105), kept by its owner and sub-admins; and a received fax's export to it, seen
 * and asked for by whoever may see the fax.
 */
export const fhirRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, queue, requireActor }) => {
  app.get(
    '/account/fhir',
    { schema: { response: { 200: ZFhirConnectionResponse } }, preHandler: requireActor('manageFhir') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const row = await fhirConnectionOf(db, actorOf(request).member.accountId);
      return { connection: row ? describeFhirConnection(row) : null };
    },
  );

  app.put(
    '/account/fhir',
    { schema: { body: ZFhirConnectionChange, response: { 200: ZFhirConnectionResponse } }, preHandler: requireActor('manageFhir') },
    async (request) => ({ connection: await saveFhirConnection({ db, config }, actorOf(request), request.body) }),
  );

  app.delete('/account/fhir', { preHandler: requireActor('manageFhir') }, async (request, reply) => {
    await removeFhirConnection(db, actorOf(request));
    return reply.status(204).send();
  });

  app.post(
    '/account/fhir/test',
    { schema: { response: { 200: ZFhirConnectionTest } }, preHandler: requireActor('manageFhir') },
    async (request) => testFhirConnection({ db, config }, actorOf(request).member.accountId),
  );

  const params = z.object({ id: z.uuid({ error: 'errors.faxNotFound' }) });
  app.get(
    '/faxes/:id/fhir',
    { schema: { params, response: { 200: ZFaxFhirExports } }, preHandler: requireActor('useFaxes') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return fhirExportsOfFax({ db, config }, actorOf(request), request.params.id);
    },
  );

  app.post(
    '/faxes/:id/fhir',
    { schema: { params, response: { 202: ZFaxFhirExports } }, preHandler: requireActor('useFaxes') },
    async (request, reply) => reply.status(202).send(await requestFhirExport({ db, queue, config }, actorOf(request), request.params.id)),
  );
};
