import {
  MAX_CONTACT_IMPORT_BYTES,
  ZContact,
  ZContactImportBody,
  ZContactImportResult,
  ZContactInput,
  ZContactList,
  ZContactListQuery,
  ZContactParams,
  ZContactUpdate,
  ZOk,
} from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import { createContact, deleteContact, exportContacts, getContact, importContacts, listContacts, updateContact } from './contacts';

/**
 * The address book in the portal (decision 048): every member who may use faxes reads and keeps the
 * account's contacts. Each route reads its request, calls one service of contacts.ts, and answers.
 */
export const contactRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  // An import is the CSV file itself as the body (`Content-Type: text/csv`), read as text up to the import's limit.
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: MAX_CONTACT_IMPORT_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/contacts',
    { schema: { querystring: ZContactListQuery, response: { 200: ZContactList } }, preHandler: requireActor('useFaxes') },
    async (request, reply) => {
      const actor = actorOf(request);
      reply.header('cache-control', 'no-store');
      return listContacts(db, actor.member.accountId, request.query);
    },
  );

  app.post(
    '/contacts',
    { schema: { body: ZContactInput, response: { 201: ZContact } }, preHandler: requireActor('useFaxes') },
    async (request, reply) => {
      const contact = await createContact(db, actorOf(request), request.body);
      return reply.status(201).send(contact);
    },
  );

  app.post(
    '/contacts/import',
    { schema: { body: ZContactImportBody, response: { 200: ZContactImportResult } }, preHandler: requireActor('useFaxes') },
    async (request) => {
      const actor = actorOf(request);
      return importContacts(db, actor, request.body, { language: request.language });
    },
  );

  app.get('/contacts/export.csv', { preHandler: requireActor('useFaxes') }, async (request, reply) => {
    const csv = await exportContacts(db, actorOf(request).member.accountId);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="contacts.csv"')
      .header('cache-control', 'private, no-store')
      .send(csv);
  });

  app.get(
    '/contacts/:id',
    { schema: { params: ZContactParams, response: { 200: ZContact } }, preHandler: requireActor('useFaxes') },
    async (request, reply) => {
      const actor = actorOf(request);
      reply.header('cache-control', 'no-store');
      return getContact(db, actor.member.accountId, request.params.id);
    },
  );

  app.patch(
    '/contacts/:id',
    { schema: { params: ZContactParams, body: ZContactUpdate, response: { 200: ZContact } }, preHandler: requireActor('useFaxes') },
    async (request) => updateContact(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/contacts/:id',
    { schema: { params: ZContactParams, response: { 200: ZOk } }, preHandler: requireActor('useFaxes') },
    async (request) => {
      await deleteContact(db, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
};
