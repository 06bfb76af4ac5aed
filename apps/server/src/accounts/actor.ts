import type { AuditEvent } from '../audit/record-audit-event';
import type { Membership } from './membership';

/**
 * Who acts on an account's things, whatever the channel: a member of the account, from where, and (through the public
 * API) with which key. A key acts with the rights its creator has now.
 */
export type Actor = {
  user: { id: string; name: string; emailVerified: boolean; language?: string | null };
  member: Membership;
  ip: string;
  /** Set when the request came with an API key: the audit trail names it. */
  viaApiKey?: { id: string; prefix: string };
  /** Set when an app or AI agent acts (OAuth, the MCP server): the audit trail names it as it registered itself. */
  viaAgent?: { name: string; clientId: string | null };
};

/** The audit row's who and where for an actor; the key, when there is one, goes in the details. */
export function auditedBy(
  actor: Actor,
  details?: AuditEvent['details'],
): Pick<AuditEvent, 'actorUserId' | 'accountId' | 'ip'> & { details?: AuditEvent['details'] } {
  const withKey =
    actor.viaApiKey || actor.viaAgent
      ? { ...details, ...(actor.viaApiKey ? { viaApiKey: actor.viaApiKey } : {}), ...(actor.viaAgent ? { viaAgent: actor.viaAgent } : {}) }
      : details;
  return { actorUserId: actor.user.id, accountId: actor.member.accountId, ip: actor.ip, ...(withKey ? { details: withKey } : {}) };
}
