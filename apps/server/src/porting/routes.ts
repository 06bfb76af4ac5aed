import multipart from '@fastify/multipart';
import { ZPortingRequest, ZPortingRequestParams, ZPortingRequestsResponse } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import { portingRequestOf, portingRequestsOf } from './porting-requests';
import { PORTING_FORM_LIMITS, readPortingForm } from './read-porting-form';
import { submitPortingRequest } from './submit-porting-request';

/**
 * /api/porting-requests (decision 113): the account's requests to port numbers in, a new one with the bill and the
 * signed letter of authorisation, and that letter's PDF. The owner's alone: the letter binds the account's holder.
 */
export const portingRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, files, queue, config, systemSettings, requireActor }) => {
  await app.register(multipart, { limits: PORTING_FORM_LIMITS });
  const owner = requireActor('signAgreements');

  app.get('/porting-requests', { schema: { response: { 200: ZPortingRequestsResponse } }, preHandler: owner }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { requests: await portingRequestsOf(db, actorOf(request).member.accountId) };
  });

  app.post('/porting-requests', { schema: { response: { 201: ZPortingRequest } }, preHandler: owner }, async (request, reply) => {
    const actor = actorOf(request);
    const form = await readPortingForm(request);
    const settings = await systemSettings.current();
    const created = await submitPortingRequest(
      { db, files, queue, publicUrl: config.publicUrl, sellerName: settings.siteName },
      { actor, language: request.language, form },
    );
    return reply.code(201).send(created);
  });

  app.get(
    '/porting-requests/:id/letter-of-authorisation',
    { schema: { params: ZPortingRequestParams }, preHandler: owner },
    async (request, reply) => {
      const row = await portingRequestOf(db, actorOf(request).member.accountId, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="letter-of-authorisation-${row.id}.pdf"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(await files.get(row.loaFileKey)));
    },
  );
};
