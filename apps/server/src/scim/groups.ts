import { SCIM_DEFAULT_ROLE, type TGivenRole } from '@faxline/shared';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Actor } from '../accounts/actor';
import { changeMemberRole, type ScimChanger } from '../accounts/member-changes';
import { recordAuditEvent } from '../audit/record-audit-event';
import { users } from '../auth/schema';
import { addInboxMembers, removeInboxMembers } from '../inboxes/inbox-members';
import type { Database } from '../platform/db/client';
import { isUniqueViolation } from '../platform/db/errors';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import { matches, type Filter } from './filter';
import { readGroup, type GroupInput } from './input';
import { applyPatch, type PatchOperation } from './patch';
import { toScimGroup, type GroupRow, type ScimGroup } from './resources';
import { scimGroupMembers, scimGroups } from './schema';
import { audited, membersOfAccount } from './users';

// The identity provider's groups (decision 107). A group mapped to a role gives its members that role (the highest of
// their groups' roles: admin, then user, then billing; back to SCIM's default once in no such group); one mapped to a
// shared inbox makes its members the inbox's; one mapped to nothing is kept and listed and changes nothing. The owner's
// role never changes, whatever their groups.

const notFound = () => new AppError('not_found', 'scim.groupNotFound');
const taken = () => new AppError('conflict', 'scim.groupNameTaken');
/** The role a person in several role groups gets: the one that may do most first. */
const ROLE_PRECEDENCE: readonly TGivenRole[] = ['admin', 'user', 'billing'];

type GroupTarget = { role: TGivenRole | null; inboxId: string | null };

export async function readGroups(db: Database, accountId: string, groupId?: string): Promise<Array<GroupRow & GroupTarget>> {
  const rows = await db
    .select()
    .from(scimGroups)
    .where(and(eq(scimGroups.accountId, accountId), groupId ? eq(scimGroups.id, groupId) : undefined))
    .orderBy(asc(scimGroups.createdAt), asc(scimGroups.id));
  if (rows.length === 0) return [];
  const members = await db
    .select({ groupId: scimGroupMembers.groupId, userId: scimGroupMembers.userId, name: users.name })
    .from(scimGroupMembers)
    .innerJoin(users, eq(users.id, scimGroupMembers.userId))
    .where(and(eq(scimGroupMembers.accountId, accountId), groupId ? eq(scimGroupMembers.groupId, groupId) : undefined))
    .orderBy(asc(users.name));
  return rows.map((row) => ({
    ...row,
    members: members.filter((member) => member.groupId === row.id).map(({ userId, name }) => ({ userId, name })),
  }));
}

export async function listScimGroups(db: Database, by: ScimChanger, base: string, filter: Filter | null): Promise<ScimGroup[]> {
  const all = (await readGroups(db, by.accountId)).map((group) => toScimGroup(group, base));
  return filter ? all.filter((group) => matches(group, filter)) : all;
}

export async function getScimGroup(db: Database, by: ScimChanger, base: string, groupId: string): Promise<ScimGroup> {
  const [group] = await readGroups(db, by.accountId, groupId);
  if (!group) throw notFound();
  return toScimGroup(group, base);
}

export async function createScimGroup(db: Database, by: ScimChanger, base: string, body: unknown): Promise<ScimGroup> {
  const input = readGroup(body);
  const id = await inTransaction(db, async (tx) => {
    let created: { id: string };
    try {
      [created] = (await tx
        .insert(scimGroups)
        .values({ accountId: by.accountId, displayName: input.displayName, externalId: input.externalId })
        .returning({ id: scimGroups.id })) as [{ id: string }];
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    await recordAuditEvent(tx, {
      ...audited(by),
      action: 'scim.group_create',
      objectType: 'scim_group',
      objectId: created.id,
      outcome: 'success',
      details: { ...audited(by).details, displayName: input.displayName },
    });
    // A new group maps to nothing yet: its members are only recorded.
    await setMembers(tx, by, { id: created.id, role: null, inboxId: null }, [], input.memberIds);
    return created.id;
  });
  return getScimGroup(db, by, base, id);
}

export async function replaceScimGroup(db: Database, by: ScimChanger, base: string, groupId: string, body: unknown): Promise<ScimGroup> {
  await saveGroup(db, by, groupId, readGroup(body));
  return getScimGroup(db, by, base, groupId);
}

export async function patchScimGroup(
  db: Database,
  by: ScimChanger,
  base: string,
  groupId: string,
  operations: PatchOperation[],
): Promise<ScimGroup> {
  const current = await getScimGroup(db, by, base, groupId);
  await saveGroup(db, by, groupId, readGroup(applyPatch(current, operations)));
  return getScimGroup(db, by, base, groupId);
}

/** The group goes; what it gave its members goes with it (as if each had left it). */
export async function deleteScimGroup(db: Database, by: ScimChanger, groupId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [group] = await readGroups(tx, by.accountId, groupId);
    if (!group) throw notFound();
    await setMembers(
      tx,
      by,
      group,
      group.members.map((member) => member.userId),
      [],
    );
    await tx.delete(scimGroups).where(eq(scimGroups.id, groupId));
    await recordAuditEvent(tx, {
      ...audited(by),
      action: 'scim.group_delete',
      objectType: 'scim_group',
      objectId: groupId,
      outcome: 'success',
      details: { ...audited(by).details, displayName: group.displayName },
    });
  });
}

async function saveGroup(db: Database, by: ScimChanger, groupId: string, input: GroupInput): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [group] = await readGroups(tx, by.accountId, groupId);
    if (!group) throw notFound();
    if (group.displayName !== input.displayName || group.externalId !== input.externalId) {
      try {
        await tx
          .update(scimGroups)
          .set({ displayName: input.displayName, externalId: input.externalId, updatedAt: new Date() })
          .where(eq(scimGroups.id, groupId));
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      await recordAuditEvent(tx, {
        ...audited(by),
        action: 'scim.group_update',
        objectType: 'scim_group',
        objectId: groupId,
        outcome: 'success',
        details: { ...audited(by).details, displayName: input.displayName },
      });
    }
    await setMembers(
      tx,
      by,
      group,
      group.members.map((member) => member.userId),
      input.memberIds,
    );
  });
}

/** The group's members become `after`; those who joined or left get or lose what the group maps to. */
async function setMembers(tx: Database, by: ScimChanger, group: { id: string } & GroupTarget, before: string[], after: string[]) {
  const people = await membersOfAccount(tx, by.accountId);
  if (after.some((userId) => !people.has(userId))) throw new AppError('invalid_request', 'scim.memberNotFound');
  const added = after.filter((userId) => !before.includes(userId));
  const removed = before.filter((userId) => !after.includes(userId));
  if (added.length === 0 && removed.length === 0) return;
  if (added.length)
    await tx.insert(scimGroupMembers).values(added.map((userId) => ({ groupId: group.id, userId, accountId: by.accountId })));
  if (removed.length)
    await tx.delete(scimGroupMembers).where(and(eq(scimGroupMembers.groupId, group.id), inArray(scimGroupMembers.userId, removed)));
  await recordAuditEvent(tx, {
    ...audited(by),
    action: 'scim.group_members',
    objectType: 'scim_group',
    objectId: group.id,
    outcome: 'success',
    details: { ...audited(by).details, added, removed },
  });
  await applyTarget(tx, by, group, added, removed);
}

/**
 * What a group's target gives those who joined it and takes from those who left: the inbox (unless another group
 * mapped to the same inbox still holds them), and the role their groups now give.
 */
export async function applyTarget(
  tx: Database,
  by: Actor | ScimChanger,
  target: GroupTarget,
  added: string[],
  removed: string[],
): Promise<void> {
  const accountId = accountOf(by);
  if (target.inboxId) {
    await addInboxMembers(tx, accountId, target.inboxId, added);
    const stillHeld = await heldByInboxGroups(tx, accountId, target.inboxId);
    await removeInboxMembers(
      tx,
      accountId,
      target.inboxId,
      removed.filter((userId) => !stillHeld.has(userId)),
    );
  }
  if (target.role) await settleRoles(tx, by, [...added, ...removed]);
}

/** The people in any group mapped to this inbox. */
async function heldByInboxGroups(tx: Database, accountId: string, inboxId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ userId: scimGroupMembers.userId })
    .from(scimGroupMembers)
    .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
    .where(and(eq(scimGroups.accountId, accountId), eq(scimGroups.inboxId, inboxId)));
  return new Set(rows.map((row) => row.userId));
}

/** Each person's role becomes the highest their role groups give, or SCIM's default in none; never the owner's. */
export async function settleRoles(tx: Database, by: Actor | ScimChanger, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const accountId = accountOf(by);
  const people = await membersOfAccount(tx, accountId);
  const held = await tx
    .select({ userId: scimGroupMembers.userId, role: scimGroups.role })
    .from(scimGroupMembers)
    .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
    .where(and(eq(scimGroups.accountId, accountId), isNotNull(scimGroups.role), inArray(scimGroupMembers.userId, userIds)));
  for (const userId of new Set(userIds)) {
    const person = people.get(userId);
    if (!person || person.role === 'owner') continue;
    const roles = held.filter((row) => row.userId === userId).map((row) => row.role!);
    const role = ROLE_PRECEDENCE.find((candidate) => roles.includes(candidate)) ?? SCIM_DEFAULT_ROLE;
    if (role !== person.role) await changeMemberRole(tx, by, userId, role);
  }
}

const accountOf = (by: Actor | ScimChanger) => ('screen' in by ? by.accountId : by.member.accountId);
