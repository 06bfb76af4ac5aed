import { MAX_INBOXES, roleMay, type TInbox, type TInboxList, type ZInboxInput } from '@faxline/shared';
import type { z } from 'zod';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { listMembers, seesAllFaxes, type Membership } from '../accounts/membership';
import { numberSettingsOf } from '../numbers/account-numbers';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { inTransaction } from '../platform/db/transaction';
import { isUniqueViolation, sqlStatesOf } from '../platform/db/errors';
import { inboxMembers, inboxNumbers, inboxes } from './schema';

/*
 * Shared inboxes (decision 103): an account's owner and sub-admins make them, say who belongs to each and which inbox
 * each number's faxes land in. Whether a User sees a received fax is decided by these rows (faxes/fax-access.ts).
 */

/** Whether this member makes and changes the account's inboxes and routing rules. */
export const mayManageInboxes = (member: Membership): boolean => roleMay(member.role, 'manageInboxes');

export function assertMayManageInboxes(member: Membership): void {
  if (!mayManageInboxes(member)) throw new AppError('permission_denied', 'errors.forbidden');
}

/** The inboxes a person belongs to (of any account: a person is a member of one account). */
export async function inboxIdsOf(db: Database, userId: string): Promise<Set<string>> {
  const rows = await db.select({ inboxId: inboxMembers.inboxId }).from(inboxMembers).where(eq(inboxMembers.userId, userId));
  return new Set(rows.map((row) => row.inboxId));
}

/** The inboxes a person belongs to, as a subquery of their ids (for the rule of who sees a fax, faxes/fax-access.ts). */
export const inboxIdsOfQuery = (userId: string): SQL =>
  sql`(SELECT ${inboxMembers.inboxId} FROM ${inboxMembers} WHERE ${inboxMembers.userId} = ${userId})`;

/**
 * The keys of the history's tallies a person's received faxes are counted under (migration 0054): 'inbox:' for the
 * faxes in no inbox, 'inbox:' and an inbox's id for each inbox they belong to.
 */
export const inboxTallyKeysOfQuery = (userId: string): SQL =>
  sql`(SELECT 'inbox:' UNION ALL SELECT 'inbox:' || ${inboxMembers.inboxId}::text FROM ${inboxMembers} WHERE ${inboxMembers.userId} = ${userId})`;

/** Each member of the account and the inboxes they belong to. */
export async function inboxIdsOfPeople(db: Database, accountId: string): Promise<Map<string, Set<string>>> {
  const rows = await db
    .select({ userId: inboxMembers.userId, inboxId: inboxMembers.inboxId })
    .from(inboxMembers)
    .where(eq(inboxMembers.accountId, accountId));
  const byPerson = new Map<string, Set<string>>();
  for (const row of rows) byPerson.set(row.userId, (byPerson.get(row.userId) ?? new Set()).add(row.inboxId));
  return byPerson;
}

/** The inbox a number's received faxes land in, or null (none: they are seen by every member who sees faxes). */
export async function landingInboxOf(db: Database, accountId: string, phoneNumber: string): Promise<string | null> {
  const [row] = await db
    .select({ inboxId: inboxNumbers.inboxId })
    .from(inboxNumbers)
    .where(and(eq(inboxNumbers.accountId, accountId), eq(inboxNumbers.phoneNumber, phoneNumber)));
  return row?.inboxId ?? null;
}

/** The inbox of the account by its id and its name, or null when it is not one of the account's. */
export async function inboxOfAccount(db: Database, accountId: string, inboxId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: inboxes.id, name: inboxes.name })
    .from(inboxes)
    .where(and(eq(inboxes.id, inboxId), eq(inboxes.accountId, accountId)));
  return row ?? null;
}

/** The names of those of these ids that are inboxes of the account (the others are not named). */
export async function inboxNamesOf(db: Database, accountId: string, ids: readonly string[]): Promise<Array<readonly [string, string]>> {
  const uuids = ids.filter((id) => /^[0-9a-f-]{36}$/.test(id));
  if (uuids.length === 0) return [];
  const rows = await db
    .select({ id: inboxes.id, name: inboxes.name })
    .from(inboxes)
    .where(and(eq(inboxes.accountId, accountId), inArray(inboxes.id, uuids)));
  return rows.map((row) => [row.id, row.name] as const);
}

/**
 * The inboxes this member sees (all of the account's for the owner and sub-admins, their own for a User), each with
 * its new faxes as the faxes count them (`newFaxes`: by inbox id, null for those in none).
 */
export async function listInboxes(
  db: Database,
  member: Membership,
  userId: string,
  newFaxes: ReadonlyMap<string | null, number>,
): Promise<TInboxList> {
  const own = seesAllFaxes(member) ? null : await inboxIdsOf(db, userId);
  const rows = await db.select().from(inboxes).where(eq(inboxes.accountId, member.accountId)).orderBy(asc(inboxes.name));
  const shown = own ? rows.filter((row) => own.has(row.id)) : rows;
  const ids = shown.map((row) => row.id);
  const [members, numbers] = await Promise.all([
    ids.length ? db.select().from(inboxMembers).where(inArray(inboxMembers.inboxId, ids)) : [],
    ids.length ? db.select().from(inboxNumbers).where(inArray(inboxNumbers.inboxId, ids)) : [],
  ]);
  const list: TInbox[] = shown.map((row) => ({
    id: row.id,
    name: row.name,
    memberIds: members.filter((m) => m.inboxId === row.id).map((m) => m.userId),
    numbers: numbers.filter((n) => n.inboxId === row.id).map((n) => n.phoneNumber),
    newFaxes: newFaxes.get(row.id) ?? 0,
  }));
  return { inboxes: list, unsorted: { newFaxes: newFaxes.get(null) ?? 0 }, mayManage: mayManageInboxes(member) };
}

/** Makes an inbox, or changes one: its name, its members (people of the account) and the numbers that land in it. */
export async function saveInbox(db: Database, member: Membership, input: z.output<typeof ZInboxInput>, id?: string): Promise<string> {
  assertMayManageInboxes(member);
  const memberIds = [...new Set(input.memberIds)];
  const numbers = [...new Set(input.numbers)];
  return inTransaction(db, async (tx) => {
    if (memberIds.length) {
      const people = new Set((await listMembers(tx, member.accountId)).map((person) => person.userId));
      if (memberIds.some((id) => !people.has(id))) throw new AppError('invalid_request', 'errors.inboxMemberNotFound');
    }
    if (numbers.length) {
      const held = new Set((await numberSettingsOf(tx, member.accountId)).map((n) => n.phoneNumber));
      if (numbers.some((n) => !held.has(n))) throw new AppError('invalid_request', 'errors.inboxNumberNotFound');
    }
    let inboxId = id;
    try {
      if (inboxId) {
        const updated = await tx
          .update(inboxes)
          .set({ name: input.name })
          .where(and(eq(inboxes.id, inboxId), eq(inboxes.accountId, member.accountId)))
          .returning({ id: inboxes.id });
        if (!updated[0]) throw new AppError('not_found', 'errors.inboxNotFound');
      } else {
        const [{ n }] = (await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(inboxes)
          .where(eq(inboxes.accountId, member.accountId))) as [{ n: number }];
        if (n >= MAX_INBOXES) throw new AppError('invalid_request', 'errors.tooManyInboxes', { max: MAX_INBOXES });
        const [made] = await tx.insert(inboxes).values({ accountId: member.accountId, name: input.name }).returning({ id: inboxes.id });
        inboxId = made!.id;
      }
      await tx.delete(inboxMembers).where(eq(inboxMembers.inboxId, inboxId));
      if (memberIds.length)
        await tx.insert(inboxMembers).values(memberIds.map((userId) => ({ inboxId: inboxId!, userId, accountId: member.accountId })));
      await tx.delete(inboxNumbers).where(eq(inboxNumbers.inboxId, inboxId));
      // A number lands in one inbox: naming it here takes it from the one it landed in before.
      if (numbers.length)
        await tx
          .insert(inboxNumbers)
          .values(numbers.map((phoneNumber) => ({ accountId: member.accountId, phoneNumber, inboxId: inboxId! })))
          .onConflictDoUpdate({ target: [inboxNumbers.accountId, inboxNumbers.phoneNumber], set: { inboxId } });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict', 'errors.inboxNameTaken');
      throw error;
    }
    return inboxId;
  });
}

/** Deletes an empty inbox (its faxes must be moved first: they would otherwise be seen by every member). */
export async function deleteInbox(db: Database, member: Membership, id: string): Promise<void> {
  assertMayManageInboxes(member);
  try {
    const deleted = await db
      .delete(inboxes)
      .where(and(eq(inboxes.id, id), eq(inboxes.accountId, member.accountId)))
      .returning({ id: inboxes.id });
    if (!deleted[0]) throw new AppError('not_found', 'errors.inboxNotFound');
  } catch (error) {
    if (sqlStatesOf(error).includes('23503')) throw new AppError('conflict', 'errors.inboxNotEmpty');
    throw error;
  }
}
