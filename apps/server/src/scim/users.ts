import { SCIM_DEFAULT_ROLE } from '@faxline/shared';
import { createPersonWithHash, type PersonDeps } from '../accounts/create-person';
import { removeMember, setMemberActive, type ScimChanger } from '../accounts/member-changes';
import type { AccountLifecycle } from '../accounts/account-lifecycle';
import { recordAuditEvent } from '../audit/record-audit-event';
import { renamePerson, setEmail } from '../auth/people';
import { findUserByEmail } from '../auth/verify-password';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import type { FileStore } from '../platform/files/encrypted-file-store';
import { AppError } from '../platform/http/app-error';
import { matches, type Filter } from './filter';
import { readUser, type UserInput } from './input';
import { applyPatch, type PatchOperation } from './patch';
import { holderOfUserName, readPeople } from './people';
import { toScimUser, type ScimUser } from './resources';
import { scimUsers } from './schema';

// The account's people as SCIM Users (decision 107): every member is one, the owner too (so that an identity provider
// can match them), but the owner is never deactivated, deleted, nor given another address by SCIM. People are made,
// changed and removed through the accounts' own services (create-person.ts, member-changes.ts), as any screen does.

export type ScimDeps = PersonDeps & { files: FileStore; lifecycle: Pick<AccountLifecycle, 'opened' | 'closing' | 'deleting'> };

const notFound = () => new AppError('not_found', 'scim.userNotFound');
const taken = () => new AppError('conflict', 'scim.userNameTaken');

export async function listScimUsers(db: Database, by: ScimChanger, base: string, filter: Filter | null): Promise<ScimUser[]> {
  const all = (await readPeople(db, by.accountId)).map((person) => toScimUser(person, base));
  return filter ? all.filter((user) => matches(user, filter)) : all;
}

export async function getScimUser(db: Database, by: ScimChanger, base: string, userId: string): Promise<ScimUser> {
  const [person] = await readPeople(db, by.accountId, userId);
  if (!person) throw notFound();
  return toScimUser(person, base);
}

/**
 * A new person in the account, with no password (they sign in through their organisation's identity provider), an
 * ordinary member with the role SCIM gives (a group mapped to a role may change it). A userName or address already in
 * the account answers 409 `uniqueness`, as does an address that has a login in another account (a login belongs to one
 * account).
 */
export async function createScimUser(deps: ScimDeps, by: ScimChanger, base: string, body: unknown): Promise<ScimUser> {
  const input = readUser(body);
  const { db } = deps;
  if (await holderOfUserName(db, by.accountId, input.userName)) throw taken();
  if (await findUserByEmail(db, input.email)) throw taken();
  let created: { id: string };
  try {
    created = await createPersonWithHash(deps, {
      name: input.name,
      email: input.email,
      emailVerified: true,
      account: { join: by.accountId, role: SCIM_DEFAULT_ROLE },
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 409) throw taken();
    throw error;
  }
  await inTransaction(db, async (tx) => {
    await tx.insert(scimUsers).values({ userId: created.id, accountId: by.accountId, ...identityOf(input) });
    await recordAuditEvent(tx, {
      ...audited(by),
      action: 'scim.user_create',
      objectType: 'user',
      objectId: created.id,
      outcome: 'success',
      details: { ...audited(by).details, userName: input.userName, externalId: input.externalId },
    });
  });
  if (input.active === false) await setMemberActive(db, by, created.id, false);
  return getScimUser(db, by, base, created.id);
}

/** PUT: the person as the identity provider now describes them. */
export async function replaceScimUser(deps: ScimDeps, by: ScimChanger, base: string, userId: string, body: unknown): Promise<ScimUser> {
  const input = readUser(body);
  await saveUser(deps, by, userId, input);
  return getScimUser(deps.db, by, base, userId);
}

/** PATCH: the operations applied to the person as SCIM shows them, then saved as a PUT would be. */
export async function patchScimUser(
  deps: ScimDeps,
  by: ScimChanger,
  base: string,
  userId: string,
  operations: PatchOperation[],
): Promise<ScimUser> {
  const current = await getScimUser(deps.db, by, base, userId);
  const patched = applyPatch(current, operations);
  await saveUser(deps, by, userId, readUser(patched));
  return getScimUser(deps.db, by, base, userId);
}

/**
 * DELETE: the member leaves the account (member-changes.ts removeMember, as the members page removes them): their login,
 * sessions and keys go, their faxes stay with the account. The owner is refused.
 */
export async function deleteScimUser(deps: ScimDeps, by: ScimChanger, userId: string): Promise<void> {
  const [person] = await readPeople(deps.db, by.accountId, userId);
  if (!person) throw notFound();
  if (person.role === 'owner') throw ownerProtected();
  await removeMember(deps, by, userId);
}

const ownerProtected = () => new AppError('invalid_request', 'scim.ownerProtected');

async function saveUser(deps: ScimDeps, by: ScimChanger, userId: string, input: UserInput): Promise<void> {
  const { db } = deps;
  const [person] = await readPeople(db, by.accountId, userId);
  if (!person) throw notFound();
  if (await holderOfUserName(db, by.accountId, input.userName, userId)) throw taken();
  const emailChanged = input.email !== person.email.toLowerCase();
  const isOwner = person.role === 'owner';
  // The owner's sign-in stays theirs: no identity provider moves their address or turns them off.
  if (isOwner && (emailChanged || input.active === false)) throw ownerProtected();
  if (emailChanged && (await findUserByEmail(db, input.email))) throw taken();
  const changed: string[] = [];
  await inTransaction(db, async (tx) => {
    if (input.name !== person.name) {
      changed.push('name');
      await renamePerson(tx, userId, input.name);
    }
    if (emailChanged) {
      changed.push('email');
      await setEmail(tx, userId, input.email);
    }
    const identity = identityOf(input);
    const before = person.scim;
    if (
      !before ||
      before.userName !== identity.userName ||
      before.externalId !== identity.externalId ||
      before.givenName !== identity.givenName ||
      before.familyName !== identity.familyName
    ) {
      changed.push('identity');
      await tx
        .insert(scimUsers)
        .values({ userId, accountId: by.accountId, ...identity })
        .onConflictDoUpdate({ target: scimUsers.userId, set: { ...identity, updatedAt: new Date() } });
    }
    if (changed.length)
      await recordAuditEvent(tx, {
        ...audited(by),
        action: 'scim.user_update',
        objectType: 'user',
        objectId: userId,
        outcome: 'success',
        details: { ...audited(by).details, changed },
      });
  });
  if (input.active !== null) await setMemberActive(db, by, userId, input.active);
}

const identityOf = (input: UserInput) => ({
  userName: input.userName,
  externalId: input.externalId,
  givenName: input.givenName,
  familyName: input.familyName,
});

/** The audit row's who for the identity provider: no person, the token named (never its secret). */
export const audited = (by: ScimChanger) => ({
  actorUserId: null,
  accountId: by.accountId,
  ip: by.ip,
  details: { via: 'scim', scimToken: by.token } as Record<string, unknown>,
});

/** Whether a person is a member of the account (a group's member must be). */
export async function membersOfAccount(db: Database, accountId: string): Promise<Map<string, { role: string; name: string }>> {
  return new Map((await readPeople(db, accountId)).map((person) => [person.userId, { role: person.role, name: person.name }]));
}
