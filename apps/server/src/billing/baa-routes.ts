import { ZBaaResponse, ZBaaSignature, ZBaaSignatureParams, ZBaaSignRequest } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import { baaFileOf, baaSignaturesOf, hasSignedCurrentBaa, signBaa } from './baa';
import { baaTextOf } from './baa-text';

/**
 * The business associate agreement a HIPAA plan is bought with (issue 36, decision 090): read and downloaded by the
 * owner and Billing members; signed by the owner alone, as it binds the organisation.
 */
export const baaRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db, files, requireActor, systemSettings } = deps;

  app.get(
    '/billing/baa',
    { schema: { response: { 200: ZBaaResponse } }, preHandler: requireActor('manageBilling') },
    async (request, reply) => {
      const accountId = actorOf(request).member.accountId;
      const { version, title, paragraphs } = baaTextOf(request.language);
      reply.header('cache-control', 'no-store');
      return {
        version,
        title,
        paragraphs,
        signedCurrent: await hasSignedCurrentBaa(db, accountId),
        signatures: await baaSignaturesOf(db, accountId),
      };
    },
  );

  app.post(
    '/billing/baa',
    { schema: { body: ZBaaSignRequest, response: { 201: ZBaaSignature } }, preHandler: requireActor('signAgreements') },
    async (request, reply) => {
      const actor = actorOf(request);
      const settings = await systemSettings.current();
      const signature = await signBaa(
        { db, files, sellerName: settings.siteName },
        { accountId: actor.member.accountId, userId: actor.user.id, ip: request.ip, language: request.language, input: request.body },
      );
      return reply.code(201).send(signature);
    },
  );

  app.get(
    '/billing/baa/:id/pdf',
    { schema: { params: ZBaaSignatureParams }, preHandler: requireActor('manageBilling') },
    async (request, reply) => {
      const file = await baaFileOf(db, actorOf(request).member.accountId, request.params.id);
      if (!file) throw new AppError('not_found', 'errors.baaNotFound');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="business-associate-agreement-${file.version}.pdf"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(await files.get(file.key)));
    },
  );
};
