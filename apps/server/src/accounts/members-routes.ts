import {
  MEMBER_INVITATIONS_PER_HOUR,
  storedRoleOf,
  ZAddMemberRequest,
  ZAddMemberResponse,
  ZMember,
  ZMemberParams,
  ZMembersResponse,
  ZOk,
  ZUpdateMemberRequest,
  type TMember,
} from '@faxline/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { RouteDeps } from '../route-deps';
import { deletePeople } from '../auth/people';
import { users } from '../auth/schema';
import { AppError } from '../platform/http/app-error';
import { invitationRoutes } from './invitation-routes';
import { inviteMember, listInvitations } from './member-invitations';
import { actorOf } from './require-actor';
import { accountMembers } from './schema';

const HOUR_MS = 3_600_000;

/**
 * Sub-users (spec 001 §2.8, §6): the owner and sub-admins invite logins to the account (decision 068), change their
 * role and remove them. A login made from an accepted invitation signs in with its username and password; its usage
 * counts against the account.
 */
export const memberRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { auth, db, queue, config, requireActor } = deps;
  // Each invitation e-mails an address of the inviter's choosing: counted per account, whoever of it invites.
  const invitingAccount = new WeakMap<FastifyRequest, string>();
  const invitationsPerHour = Math.round(MEMBER_INVITATIONS_PER_HOUR * config.rateLimitFactor);
  const countInvitation = app.createRateLimit({
    max: invitationsPerHour,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => `member-invitations:${invitingAccount.get(request)}`,
  });
  await app.register(invitationRoutes, deps);

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

  app.get(
    '/account/members',
    { schema: { response: { 200: ZMembersResponse } }, preHandler: requireActor('manageMembers') },
    async (request) => {
      const { member } = actorOf(request);
      return { members: await listMembers(member.accountId), invitations: await listInvitations(db, member.accountId) };
    },
  );

  app.post(
    '/account/members',
    { schema: { body: ZAddMemberRequest, response: { 202: ZAddMemberResponse } }, preHandler: requireActor('manageMembers') },
    async (request, reply) => {
      const { user, member, ip } = actorOf(request);
      invitingAccount.set(request, member.accountId);
      const counted = await countInvitation(request);
      if (!counted.isAllowed && counted.isExceeded) {
        reply.header('retry-after', String(counted.ttlInSeconds));
        throw new AppError('rate_limited', 'errors.tooManyMemberInvitations', { max: invitationsPerHour });
      }
      const invitation = await inviteMember(
        { auth, db, queue, publicUrl: config.publicUrl },
        { user, member, ip, language: request.language },
        request.body,
      );
      return reply.status(202).send({ invitation });
    },
  );

  app.patch(
    '/account/members/:userId',
    {
      schema: { params: ZMemberParams, body: ZUpdateMemberRequest, response: { 200: ZMember } },
      preHandler: requireActor('manageMembers'),
    },
    async (request) => {
      const { user, member, ip } = actorOf(request);
      const target = await changeableMember(member.accountId, request.params.userId);
      await db
        .update(accountMembers)
        .set({ role: storedRoleOf(request.body.role) })
        .where(eq(accountMembers.id, target.id));
      await recordAuditEvent(db, {
        actorUserId: user.id,
        accountId: member.accountId,
        ip,
        action: 'member.role_change',
        objectType: 'user',
        objectId: target.userId,
        outcome: 'success',
        details: { from: target.role, to: storedRoleOf(request.body.role) },
      });
      return (await listMembers(member.accountId)).find((m) => m.userId === target.userId)!;
    },
  );

  app.delete(
    '/account/members/:userId',
    { schema: { params: ZMemberParams, response: { 200: ZOk } }, preHandler: requireActor('manageMembers') },
    async (request) => {
      const { user, member, ip } = actorOf(request);
      const target = await changeableMember(member.accountId, request.params.userId);
      // The login goes with its sessions; the faxes it sent stay with the account.
      await deletePeople(db, [target.userId]);
      await recordAuditEvent(db, {
        actorUserId: user.id,
        accountId: member.accountId,
        ip,
        action: 'member.remove',
        objectType: 'user',
        objectId: target.userId,
        outcome: 'success',
      });
      return { ok: true as const };
    },
  );
};
