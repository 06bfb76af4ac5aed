import type { TMember, TMemberSessionsResponse } from '@faxline/shared';
import { recordAuditEvent } from '../audit/record-audit-event';
import { endDeviceSession, endDeviceSessions, listDeviceSessions } from '../auth/device-sessions';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { auditedBy, type Actor } from './actor';
import { listMembers, memberOf } from './membership';

/**
 * Whose devices a manager of members sees and ends (decision 109): the owner, everyone else of the account; a
 * sub-admin, everyone else but the owner (the people the members page lets them change, decision 080). Their own
 * devices are on their own list.
 */
const manages = (actor: Actor, member: TMember) =>
  member.userId !== actor.user.id && (actor.member.role === 'owner' || member.role !== 'owner');

async function managedMember(db: Database, actor: Actor, userId: string): Promise<TMember> {
  const member = await memberOf(db, actor.member.accountId, userId);
  if (!member || !manages(actor, member)) throw new AppError('not_found', 'errors.memberNotFound');
  return member;
}

/** GET /api/account/member-sessions: the members the asker manages, each with their open sessions. */
export async function listMemberSessions(db: Database, actor: Actor, askerSessionId: string): Promise<TMemberSessionsResponse> {
  const members = (await listMembers(db, actor.member.accountId)).filter((member) => manages(actor, member));
  const sessions = await listDeviceSessions(
    db,
    members.map((m) => m.userId),
    { sessionId: askerSessionId, ip: actor.ip },
  );
  return {
    members: members.map(({ userId, name, email, role }) => ({ userId, name, email, role, sessions: sessions.get(userId) ?? [] })),
  };
}

const audit = (db: Database, actor: Actor, objectId: string, details: { userId: string; ended: number }) =>
  recordAuditEvent(db, { ...auditedBy(actor, details), action: 'session.end', objectType: 'session', objectId, outcome: 'success' });

/** DELETE /api/account/member-sessions/:userId/:sessionId: one device of a member is signed out. */
export async function endMemberSession(db: Database, actor: Actor, userId: string, sessionId: string): Promise<void> {
  await managedMember(db, actor, userId);
  await endDeviceSession(db, userId, sessionId);
  await audit(db, actor, sessionId, { userId, ended: 1 });
}

/** DELETE /api/account/member-sessions/:userId: every device of a member is signed out. */
export async function endMemberSessions(db: Database, actor: Actor, userId: string): Promise<number> {
  await managedMember(db, actor, userId);
  const ended = await endDeviceSessions(db, userId, null);
  await audit(db, actor, userId, { userId, ended });
  return ended;
}
