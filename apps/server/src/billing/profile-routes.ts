import { ZBillingProfile, ZBillingProfileResponse } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { peopleNamed } from '../auth/people';
import { actorOf } from '../accounts/require-actor';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import { billingProfileOf, saveBillingProfile } from './billing-profile';

/** The account's billing name, address and tax id, for its owner and Billing members: /user/billing's details form. */
export const billingProfileRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db, requireActor } = deps;

  app.get(
    '/billing/profile',
    { schema: { response: { 200: ZBillingProfileResponse } }, preHandler: requireActor('manageBilling') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { profile: await billingProfileOf(db, actorOf(request).member.accountId) };
    },
  );

  app.put(
    '/billing/profile',
    { schema: { body: ZBillingProfile, response: { 200: ZBillingProfileResponse } }, preHandler: requireActor('manageBilling') },
    async (request) => {
      const actor = actorOf(request);
      const [person] = await peopleNamed(db, [actor.user.id]);
      if (!person) throw new AppError('authentication_error', 'errors.unauthenticated');
      const saver = { accountId: actor.member.accountId, userId: actor.user.id, email: person.email, ip: actor.ip };
      const { stripe } = await deps.billing.current();
      return { profile: await saveBillingProfile({ db, provider: stripe }, saver, request.body) };
    },
  );
};
