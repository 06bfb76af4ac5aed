import {
  roleMay,
  storedRoleOf,
  ZAddMemberRequest,
  ZMember,
  ZMemberParams,
  ZMembersResponse,
  ZOk,
  ZUpdateMemberRequest,
  type TMember,
} from '@faxline/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAuditEvent } from '../audit/record-audit-event';
import { createPerson } from '../auth/create-person';
import type { RouteDeps } from '../platform/http/route-deps';
import { users } from '../auth/schema';
import { requireSession } from '../auth/session';
import { membershipOf } from './membership';
import { AppError } from '../platform/http/app-error';
import { accountMembers } from './schema';

/**
 * Sub-users (spec 001 §2.8, §6): the owner and sub-admins add logins to the account, change their role and remove
 * them. A new login signs in with its username and password; its usage counts against the account.
 */
export const memberRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { auth, db, sessions: sessionDeps }) => {
  async function manager(request: FastifyRequest, reply: FastifyReply) {
    const { user } = await requireSession(sessionDeps, request, reply);
    const member = await membershipOf(db, user);
    if (!roleMay(member.role, 'manageMembers')) throw new AppError('permission_denied', 'errors.forbidden');
    return { user, member };
  }

  /** The account's member whose role may change or who may be removed: anyone but the owner. */
  async function changeableMember(accountId: string, userId: string) {
    const [target] = await db
      .select()
      .from(accountMembers)
      .where(and(eq(accountMembers.organizationId, accountId), eq(accountMembers.userId, userId)));
    if (!target) throw new AppError('not_found', 'errors.memberNotFound');
    if (target.role === 'owner') throw new AppError('conflict', 'errors.ownerCannotChange');
    return target;
  }

  async function listMembers(accountId: string): Promise<TMember[]> {
    const rows = await db
      .select({ member: accountMembers, user: users })
      .from(accountMembers)
      .innerJoin(users, eq(users.id, accountMembers.userId))
      .where(eq(accountMembers.organizationId, accountId))
      .orderBy(asc(accountMembers.createdAt));
    return rows.map(({ member, user }) => ({
      userId: user.id,
      name: user.name,
      email: user.email,
      username: user.displayUsername ?? user.username,
      role: member.role,
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
      createdAt: member.createdAt.toISOString(),
    }));
  }

  app.get('/account/members', { schema: { response: { 200: ZMembersResponse } } }, async (request, reply) => {
    const { member } = await manager(request, reply);
    return { members: await listMembers(member.accountId) };
  });

  app.post('/account/members', { schema: { body: ZAddMemberRequest, response: { 201: ZMember } } }, async (request, reply) => {
    const { user, member } = await manager(request, reply);
    const body = request.body;
    const created = await createPerson(
      { auth, db },
      {
        name: body.name,
        email: body.email,
        password: body.password,
        username: body.username,
        language: request.language,
        emailVerified: true,
        account: { join: member.accountId, role: storedRoleOf(body.role) },
        twoFactorSetupRequired: body.enable2fa,
      },
    );
    await recordAuditEvent(db, {
      actorUserId: user.id,
      accountId: member.accountId,
      ip: request.ip,
      action: 'member.add',
      objectType: 'user',
      objectId: created.id,
      outcome: 'success',
      details: { role: body.role },
    });
    const added = (await listMembers(member.accountId)).find((m) => m.userId === created.id)!;
    return reply.status(201).send(added);
  });

  app.patch(
    '/account/members/:userId',
    { schema: { params: ZMemberParams, body: ZUpdateMemberRequest, response: { 200: ZMember } } },
    async (request, reply) => {
      const { user, member } = await manager(request, reply);
      const target = await changeableMember(member.accountId, request.params.userId);
      await db
        .update(accountMembers)
        .set({ role: storedRoleOf(request.body.role) })
        .where(eq(accountMembers.id, target.id));
      await recordAuditEvent(db, {
        actorUserId: user.id,
        accountId: member.accountId,
        ip: request.ip,
        action: 'member.role_change',
        objectType: 'user',
        objectId: target.userId,
        outcome: 'success',
        details: { from: target.role, to: storedRoleOf(request.body.role) },
      });
      return (await listMembers(member.accountId)).find((m) => m.userId === target.userId)!;
    },
  );

  app.delete('/account/members/:userId', { schema: { params: ZMemberParams, response: { 200: ZOk } } }, async (request, reply) => {
    const { user, member } = await manager(request, reply);
    const target = await changeableMember(member.accountId, request.params.userId);
    // The login goes with its sessions; the faxes it sent stay with the account.
    await db.delete(users).where(eq(users.id, target.userId));
    await recordAuditEvent(db, {
      actorUserId: user.id,
      accountId: member.accountId,
      ip: request.ip,
      action: 'member.remove',
      objectType: 'user',
      objectId: target.userId,
      outcome: 'success',
    });
    return { ok: true as const };
  });
};
