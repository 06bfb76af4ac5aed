import {
  ADMIN_USERS_PAGE_SIZE,
  ZAdminCreateUserRequest,
  ZAdminUpdateUserRequest,
  ZAdminUser,
  ZAdminUserListQuery,
  ZAdminUserListResponse,
  ZAdminUserParams,
  ZOk,
} from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../route-deps';
import { addPerson, listPeople, updatePerson, type AdminActor } from './admin-users';
import { removeMember } from './member-changes';

const actorOf = (request: FastifyRequest): AdminActor => ({ userId: request.adminAccess!.session.user.id, ip: request.ip });

/** /api/admin/users (spec 001 §2.11): list, add, edit and delete people, behind the back-office guard (admin/back-office-guard.ts). */
export const adminUserRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { auth, db, files, accountLifecycle: lifecycle }) => {
  app.get('/users', { schema: { querystring: ZAdminUserListQuery, response: { 200: ZAdminUserListResponse } } }, async (request) => {
    const { users, total } = await listPeople(db, request.query);
    return { users, total, page: request.query.page, pageSize: ADMIN_USERS_PAGE_SIZE };
  });

  app.post('/users', { schema: { body: ZAdminCreateUserRequest, response: { 201: ZAdminUser } } }, async (request, reply) => {
    const created = await addPerson({ auth, db, lifecycle }, actorOf(request), request.body, request.language);
    return reply.status(201).send(created);
  });

  app.patch(
    '/users/:id',
    { schema: { params: ZAdminUserParams, body: ZAdminUpdateUserRequest, response: { 200: ZAdminUser } } },
    async (request) => updatePerson({ auth, db }, actorOf(request), request.params.id, request.body),
  );

  app.delete('/users/:id', { schema: { params: ZAdminUserParams, response: { 200: ZOk } } }, async (request) => {
    await removeMember({ db, files, lifecycle }, { screen: 'back-office', operator: actorOf(request) }, request.params.id);
    return { ok: true as const };
  });
};
