import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { accountMembers } from '../accounts/schema';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import type { PersonRow } from './resources';
import { scimGroupMembers, scimGroups, scimUsers } from './schema';

/** The account's members as SCIM Users, in the order they joined; or one of them (an empty list when not a member). */
export async function readPeople(db: Database, accountId: string, userId?: string): Promise<PersonRow[]> {
  const where: SQL | undefined = and(eq(accountMembers.organizationId, accountId), userId ? eq(accountMembers.userId, userId) : undefined);
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      updatedAt: users.updatedAt,
      role: accountMembers.role,
      deactivatedAt: accountMembers.deactivatedAt,
      joinedAt: accountMembers.createdAt,
      scim: scimUsers,
    })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .leftJoin(scimUsers, eq(scimUsers.userId, accountMembers.userId))
    .where(where)
    .orderBy(asc(accountMembers.createdAt), asc(users.id));
  const groups = rows.length
    ? await db
        .select({ userId: scimGroupMembers.userId, id: scimGroups.id, displayName: scimGroups.displayName })
        .from(scimGroupMembers)
        .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
        .where(
          and(
            eq(scimGroupMembers.accountId, accountId),
            userId
              ? eq(scimGroupMembers.userId, userId)
              : inArray(
                  scimGroupMembers.userId,
                  rows.map((row) => row.userId),
                ),
          ),
        )
    : [];
  return rows.map((row) => ({
    ...row,
    scim: row.scim,
    groups: groups.filter((group) => group.userId === row.userId).map(({ id, displayName }) => ({ id, displayName })),
  }));
}

/** The member whose userName this is (their SCIM one, or else their address), but `except`; null when none. */
export async function holderOfUserName(db: Database, accountId: string, userName: string, except?: string): Promise<string | null> {
  const wanted = userName.toLowerCase();
  const found = (await readPeople(db, accountId)).find(
    (person) => person.userId !== except && (person.scim?.userName ?? person.email).toLowerCase() === wanted,
  );
  return found?.userId ?? null;
}
