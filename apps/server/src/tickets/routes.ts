import { ZContactRequest, ZContactResponse } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../route-deps';
import { loadSession } from '../auth/session';
import { perAddressLimit } from '../platform/http/rate-limit';
import { customerTicketRoutes } from './customer-routes';
import { openContactTicket } from './open-contact-ticket';

export const ticketRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db, config, sessions } = deps;
  // The person's own tickets (/user/support), in a scope of their own: it reads multipart forms.
  await app.register(customerTicketRoutes, deps);
  const limit = perAddressLimit(config.rateLimitFactor);

  // The contact form (spec 000 §2 /contact), which the spec's product never sent anywhere: stored as a ticket.
  app.post(
    '/contact',
    { schema: { body: ZContactRequest, response: { 201: ZContactResponse } }, config: limit(5, 60 * 60_000) },
    async (request, reply) => {
      const session = await loadSession(sessions, request, reply);
      const ticket = await openContactTicket(db, request.body, { language: request.language, userId: session?.user.id ?? null });
      return reply.status(201).send({ ticketId: ticket.id });
    },
  );
};
