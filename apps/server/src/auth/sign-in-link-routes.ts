import { ZOk, ZSessionResponse, ZSignInLinkRequest, ZSignInLinkVerifyRequest } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAddressLimit } from '../platform/http/rate-limit';
import type { RouteDeps } from '../route-deps';
import { toPublicSession } from './session';
import { requestSignInLink, signInWithLink } from './sign-in-link';

const minute = 60_000;

/** The e-mailed one-time sign-in link: asking for one, and spending it in the browser that asked (decision 069). */
export const signInLinkRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { auth, db, queue, config, passwordSignInPolicy }) => {
  const limit = perAddressLimit(config.rateLimitFactor);
  const deps = { auth, db, queue, config };

  app.post(
    '/auth/sign-in-link',
    { schema: { body: ZSignInLinkRequest, response: { 200: ZOk } }, config: limit(5, 15 * minute) },
    async (request, reply) => {
      // A link stands in for the password: refused where the password is (single sign-on required).
      await passwordSignInPolicy.check(request, request.body.identifier);
      await requestSignInLink(deps, request, reply, request.body.identifier);
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/sign-in-link/verify',
    { schema: { body: ZSignInLinkVerifyRequest, response: { 200: ZSessionResponse } }, config: limit(10, 15 * minute) },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const current = await signInWithLink(deps, request, reply, request.body.token);
      return { session: current ? toPublicSession(current, request) : null };
    },
  );
};
