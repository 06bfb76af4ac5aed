import { ZContactListQuery } from '@faxline/shared';
import { ZV1Contact, ZV1ContactInput, ZV1ContactList, ZV1ContactParams, ZV1ContactUpdate } from '@faxline/shared/api-v1';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createContact, deleteContact, getContact, listContacts, updateContact } from '../contacts/contacts';
import type { RouteDeps } from '../route-deps';
import { callerOf, requireScope } from './api-caller';
import { idempotent } from './idempotency';

/** /v1/contacts: the portal's address book services, called with an API key's (or app's) actor. */
export const v1ContactRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const reader = (request: Parameters<typeof callerOf>[0]) => requireScope(callerOf(request), 'contacts:read').actor;
  const writer = (request: Parameters<typeof callerOf>[0]) => requireScope(callerOf(request), 'contacts:write').actor;

  app.get('/contacts', { schema: { querystring: ZContactListQuery, response: { 200: ZV1ContactList } } }, async (request) =>
    listContacts(db, reader(request).member.accountId, request.query),
  );

  app.post('/contacts', { schema: { body: ZV1ContactInput, response: { 201: ZV1Contact } } }, async (request, reply) => {
    const actor = writer(request);
    return idempotent(db, { request, reply, callerId: callerOf(request).id }, request.body, async () => ({
      status: 201,
      body: await createContact(db, actor, request.body),
    }));
  });

  app.get('/contacts/:contact_id', { schema: { params: ZV1ContactParams, response: { 200: ZV1Contact } } }, async (request) =>
    getContact(db, reader(request).member.accountId, request.params.contact_id),
  );

  app.patch(
    '/contacts/:contact_id',
    { schema: { params: ZV1ContactParams, body: ZV1ContactUpdate, response: { 200: ZV1Contact } } },
    async (request) => updateContact(db, writer(request), request.params.contact_id, request.body),
  );

  app.delete(
    '/contacts/:contact_id',
    { schema: { params: ZV1ContactParams, response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }) } } },
    async (request) => {
      await deleteContact(db, writer(request), request.params.contact_id);
      return { id: request.params.contact_id, deleted: true as const };
    },
  );
};
