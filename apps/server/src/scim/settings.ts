import { MAX_SCIM_TOKENS, SCIM_BASE_PATH, type TScimGroupMapping, type TScimSettingsResponse } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { auditedBy, type Actor } from '../accounts/actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { inboxChoicesOf } from '../inboxes/inbox-members';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import { applyTarget, readGroups } from './groups';
import { scimGroups } from './schema';
import { listScimTokens } from './tokens';

const mappingOf = (group: { role: string | null; inboxId: string | null }): TScimGroupMapping =>
  group.role
    ? { target: 'role', role: group.role as 'admin' | 'user' | 'billing' }
    : group.inboxId
      ? { target: 'inbox', inboxId: group.inboxId }
      : { target: 'none' };

/** The owner's SCIM settings: the tokens, the base URL to paste, and the groups with what each maps to. */
export async function readScimSettings(db: Database, accountId: string, publicUrl: string): Promise<TScimSettingsResponse> {
  const [tokens, groups, inboxes] = await Promise.all([
    listScimTokens(db, accountId),
    readGroups(db, accountId),
    inboxChoicesOf(db, accountId),
  ]);
  const inboxName = new Map(inboxes.map((inbox) => [inbox.id, inbox.name]));
  return {
    tokens,
    baseUrl: `${publicUrl.replace(/\/$/, '')}${SCIM_BASE_PATH}`,
    groups: groups.map((group) => ({
      id: group.id,
      displayName: group.displayName,
      members: group.members.length,
      mapping: mappingOf(group),
      inboxName: group.inboxId ? (inboxName.get(group.inboxId) ?? null) : null,
    })),
    inboxes,
    max: MAX_SCIM_TOKENS,
  };
}

/**
 * The owner says what a group maps to: its members lose what the old target gave them and get the new one's at once
 * (a role never owner, an inbox of the account).
 */
export async function mapScimGroup(db: Database, actor: Actor, groupId: string, mapping: TScimGroupMapping): Promise<void> {
  const { accountId } = actor.member;
  await inTransaction(db, async (tx) => {
    const [group] = await readGroups(tx, accountId, groupId);
    if (!group) throw new AppError('not_found', 'scim.groupNotFound');
    if (mapping.target === 'inbox' && !(await inboxChoicesOf(tx, accountId)).some((inbox) => inbox.id === mapping.inboxId))
      throw new AppError('invalid_request', 'scim.groupInboxInvalid');
    const next = {
      role: mapping.target === 'role' ? mapping.role : null,
      inboxId: mapping.target === 'inbox' ? mapping.inboxId : null,
    };
    if (next.role === group.role && next.inboxId === group.inboxId) return;
    const memberIds = group.members.map((member) => member.userId);
    await tx
      .update(scimGroups)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(scimGroups.id, groupId));
    // Now mapped elsewhere, the old target is left as if everyone had left the group, then the new one is joined.
    await applyTarget(tx, actor, { role: group.role, inboxId: group.inboxId }, [], memberIds);
    await applyTarget(tx, actor, next, memberIds, []);
    await recordAuditEvent(tx, {
      ...auditedBy(actor, { displayName: group.displayName, from: mappingOf(group), to: mapping }),
      action: 'scim_group.map',
      objectType: 'scim_group',
      objectId: groupId,
      outcome: 'success',
    });
  });
}
