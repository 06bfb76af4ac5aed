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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../accounts/actor';
import { mayUseFaxes, membershipOf } from '../accounts/membership';
import { requireSession } from '../auth/session';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import { createContact, deleteContact, exportContacts, getContact, importContacts, listContacts, updateContact } from './contacts';

/**
 * The address book in the portal (decision 048): every member who may use faxes reads and keeps the
 * account's contacts. Each route reads its request, calls one service of contacts.ts, and answers.
 */
export const contactRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, sessions: sessionDeps }) => {
  // An import is the CSV file itself as the body (`Content-Type: text/csv`), read as text up to the import's limit.
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: MAX_CONTACT_IMPORT_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  /** The signed-in member who may use faxes, or a 401/403. */
  async function contactActor(request: FastifyRequest, reply: FastifyReply): Promise<Actor> {
    const { user } = await requireSession(sessionDeps, request, reply);
    const member = await membershipOf(db, user);
    if (!mayUseFaxes(member)) throw new AppError('permission_denied', 'errors.forbidden');
    return { user: user as typeof user & { language?: string }, member, ip: request.ip };
  }

  app.get('/contacts', { schema: { querystring: ZContactListQuery, response: { 200: ZContactList } } }, async (request, reply) => {
    const actor = await contactActor(request, reply);
    reply.header('cache-control', 'no-store');
    return listContacts(db, actor.member.accountId, request.query);
  });

  app.post('/contacts', { schema: { body: ZContactInput, response: { 201: ZContact } } }, async (request, reply) => {
    const contact = await createContact(db, await contactActor(request, reply), request.body);
    return reply.status(201).send(contact);
  });

  app.post(
    '/contacts/import',
    { schema: { body: ZContactImportBody, response: { 200: ZContactImportResult } } },
    async (request, reply) => {
      const actor = await contactActor(request, reply);
      return importContacts(db, actor, request.body, { language: request.language });
    },
  );

  app.get('/contacts/export.csv', async (request, reply) => {
    const csv = await exportContacts(db, (await contactActor(request, reply)).member.accountId);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="contacts.csv"')
      .header('cache-control', 'private, no-store')
      .send(csv);
  });

  app.get('/contacts/:id', { schema: { params: ZContactParams, response: { 200: ZContact } } }, async (request, reply) => {
    const actor = await contactActor(request, reply);
    reply.header('cache-control', 'no-store');
    return getContact(db, actor.member.accountId, request.params.id);
  });

  app.patch(
    '/contacts/:id',
    { schema: { params: ZContactParams, body: ZContactUpdate, response: { 200: ZContact } } },
    async (request, reply) => updateContact(db, await contactActor(request, reply), request.params.id, request.body),
  );

  app.delete('/contacts/:id', { schema: { params: ZContactParams, response: { 200: ZOk } } }, async (request, reply) => {
    await deleteContact(db, await contactActor(request, reply), request.params.id);
    return { ok: true as const };
  });
};
