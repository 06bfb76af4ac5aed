import { matchingPrefix, MAX_BLOCKLIST_ENTRIES, type TAddBlockedNumberRequest, type TBlocklist } from '@faxline/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { Database } from '../platform/db/client';
import { outerColumn } from '../platform/db/outer-column';
import { AppError } from '../platform/http/app-error';
import { accountBlocklist } from './schema';

/** Who changes a blocklist: a manager of the account, from an address (for the audit trail). */
export type BlocklistActor = { userId: string; accountId: string; ip: string };

export async function listBlocklist(db: Database, accountId: string): Promise<TBlocklist> {
  const rows = await db
    .select()
    .from(accountBlocklist)
    .where(eq(accountBlocklist.accountId, accountId))
    .orderBy(asc(accountBlocklist.prefix));
  return {
    entries: rows.map((row) => ({ id: row.id, prefix: row.prefix, note: row.note, createdAt: row.createdAt.toISOString() })),
    max: MAX_BLOCKLIST_ENTRIES,
  };
}

export async function blockNumber(db: Database, actor: BlocklistActor, request: TAddBlockedNumberRequest & { prefix: string }) {
  const [{ entries } = { entries: 0 }] = await db
    .select({ entries: count() })
    .from(accountBlocklist)
    .where(eq(accountBlocklist.accountId, actor.accountId));
  if (entries >= MAX_BLOCKLIST_ENTRIES) throw new AppError('invalid_request', 'errors.blocklistFull', { max: MAX_BLOCKLIST_ENTRIES });
  const inserted = await db
    .insert(accountBlocklist)
    .values({ accountId: actor.accountId, prefix: request.prefix, note: request.note || null, createdBy: actor.userId })
    .onConflictDoNothing()
    .returning({ id: accountBlocklist.id });
  if (inserted.length === 0) throw new AppError('conflict', 'errors.alreadyBlocked', { prefix: request.prefix });
  await audit(db, actor, 'blocklist.add', inserted[0]!.id, { prefix: request.prefix });
}

export async function unblockNumber(db: Database, actor: BlocklistActor, id: string) {
  const removed = await db
    .delete(accountBlocklist)
    .where(and(eq(accountBlocklist.id, id), eq(accountBlocklist.accountId, actor.accountId)))
    .returning({ prefix: accountBlocklist.prefix });
  if (removed.length === 0) throw new AppError('not_found', 'errors.blockedNumberNotFound');
  await audit(db, actor, 'blocklist.remove', id, { prefix: removed[0]!.prefix });
}

function audit(
  db: Database,
  actor: BlocklistActor,
  action: 'blocklist.add' | 'blocklist.remove',
  id: string,
  details: Record<string, unknown>,
) {
  return recordAuditEvent(db, {
    actorUserId: actor.userId,
    accountId: actor.accountId,
    ip: actor.ip,
    action,
    objectType: 'blocklist',
    objectId: id,
    outcome: 'success',
    details,
  });
}

/** The account's blocked prefixes, as a column of a read of `accounts` (a send reads them with its account's terms). */
export const blockedPrefixesColumn = sql<string[]>`(
  SELECT coalesce(array_agg(${accountBlocklist.prefix}), '{}') FROM ${accountBlocklist} WHERE ${accountBlocklist.accountId} = ${outerColumn(accounts.id)}
)`;

/** The entry of the account's blocklist that blocks the number (the longest prefix that matches), if any. */
export async function accountBlockedPrefix(db: Database, accountId: string, number: string): Promise<string | undefined> {
  const [account] = await db.select({ prefixes: blockedPrefixesColumn }).from(accounts).where(eq(accounts.id, accountId));
  return matchingPrefix(number, account?.prefixes ?? []);
}
