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
} from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../route-deps';
import { AppError } from '../platform/http/app-error';
import { changeMemberRole, removeMember } from './member-changes';
import { invitationRoutes } from './invitation-routes';
import { inviteMember, listInvitations } from './member-invitations';
import { listMembers } from './membership';
import { actorOf } from './require-actor';

const HOUR_MS = 3_600_000;

/**
 * Sub-users (spec 001 §2.8, §6): the owner and sub-admins invite logins to the account (decision 068), change their
 * role and remove them. A login made from an accepted invitation signs in with its username and password; its usage
 * counts against the account.
 */
export const memberRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { auth, db, files, queue, config, requireActor, accountLifecycle } = deps;
  // Each invitation e-mails an address of the inviter's choosing: counted per account, whoever of it invites.
  const invitingAccount = new WeakMap<FastifyRequest, string>();
  const invitationsPerHour = Math.round(MEMBER_INVITATIONS_PER_HOUR * config.rateLimitFactor);
  const countInvitation = app.createRateLimit({
    max: invitationsPerHour,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => `member-invitations:${invitingAccount.get(request)}`,
  });
  await app.register(invitationRoutes, deps);

  app.get(
    '/account/members',
    { schema: { response: { 200: ZMembersResponse } }, preHandler: requireActor('manageMembers') },
    async (request) => {
      const { member } = actorOf(request);
      return { members: await listMembers(db, member.accountId), invitations: await listInvitations(db, member.accountId) };
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
    async (request) => changeMemberRole(db, actorOf(request), request.params.userId, storedRoleOf(request.body.role)),
  );

  app.delete(
    '/account/members/:userId',
    { schema: { params: ZMemberParams, response: { 200: ZOk } }, preHandler: requireActor('manageMembers') },
    async (request) => {
      await removeMember({ db, files, lifecycle: accountLifecycle }, { screen: 'members', actor: actorOf(request) }, request.params.userId);
      return { ok: true as const };
    },
  );
};
