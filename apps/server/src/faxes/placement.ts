import type { TFaxPlacement, TFaxPlacementChange, TRoutedBy } from '@faxline/shared';
import { eq, sql } from 'drizzle-orm';
import { findMembership, listMembers, mayUseFaxes, seesAllFaxes } from '../accounts/membership';
import { peopleNamed } from '../auth/people';
import { inboxIdsOf, inboxIdsOfPeople, inboxOfAccount } from '../inboxes/inboxes';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { inTransaction } from '../platform/db/transaction';
import { accessibleFax, auditFax, type FaxActor, type FaxRow } from './fax-access';
import { faxes } from './schema';

/*
 * Where a received fax is (decision 103): its inbox, assignee, labels, state and folder. Members who see it change
 * them (claim is assigning oneself); each change is one audit row on the fax, which its timeline shows.
 */

type Placed = Pick<FaxRow, 'accountId' | 'direction' | 'inboxId' | 'assigneeId' | 'labels' | 'state' | 'folder' | 'filedAt' | 'routedBy'>;

/** A received fax's placement as the details and the inbox lists show it; null for a sent fax. */
export async function placementOf(db: Database, fax: Placed): Promise<TFaxPlacement | null> {
  if (fax.direction !== 'inbound') return null;
  const [inbox, assignee] = await Promise.all([
    fax.inboxId ? inboxOfAccount(db, fax.accountId, fax.inboxId) : null,
    peopleNamed(db, fax.assigneeId ? [fax.assigneeId] : []),
  ]);
  return placementView(fax, inbox?.name ?? null, assignee[0] ? { id: assignee[0].id, name: assignee[0].name } : null);
}

/** The placement of a fax whose inbox's and assignee's names are known (the lists read them with the page). */
export function placementView(fax: Placed, inboxName: string | null, assignee: { id: string; name: string } | null): TFaxPlacement {
  return {
    inboxId: fax.inboxId,
    inboxName,
    assignee,
    labels: fax.labels,
    state: fax.state,
    folder: fax.folder,
    filedAt: fax.filedAt?.toISOString() ?? null,
    routedBy: fax.routedBy,
  };
}

/**
 * Whether this person may be given a fax of this inbox (of the account): one who may use faxes and sees the inbox's
 * faxes (the owner and sub-admins, the inbox's members, anyone for a fax in no inbox).
 */
export async function mayBeAssigned(db: Database, accountId: string, inboxId: string | null, userId: string): Promise<boolean> {
  const member = await findMembership(db, userId);
  if (!member || member.accountId !== accountId || !mayUseFaxes(member)) return false;
  return seesAllFaxes(member) || inboxId === null || (await inboxIdsOf(db, userId)).has(inboxId);
}

/** The people a received fax may be given to now (`mayBeAssigned`), by name: any member who sees the fax asks. */
export async function assigneesOf(db: Database, actor: FaxActor, id: string): Promise<Array<{ id: string; name: string }>> {
  const fax = await accessibleFax(db, actor, id, 'fax.view');
  if (fax.direction !== 'inbound') throw new AppError('invalid_request', 'errors.faxNotReceived');
  const [members, inboxesOfPeople] = await Promise.all([listMembers(db, fax.accountId), inboxIdsOfPeople(db, fax.accountId)]);
  return members
    .filter(
      (member) =>
        mayUseFaxes({ ...member, accountId: fax.accountId }) &&
        (seesAllFaxes({ ...member, accountId: fax.accountId }) ||
          fax.inboxId === null ||
          (inboxesOfPeople.get(member.userId)?.has(fax.inboxId) ?? false)),
    )
    .map((member) => ({ id: member.userId, name: member.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Changes a received fax's placement for a member who sees it; audited `fax.place` with what changed. */
export async function changePlacement(db: Database, actor: FaxActor, id: string, change: TFaxPlacementChange): Promise<TFaxPlacement> {
  const fax = await accessibleFax(db, actor, id, 'fax.place');
  if (fax.direction !== 'inbound') throw new AppError('invalid_request', 'errors.faxNotReceived');
  const next = {
    inboxId: change.inboxId === undefined ? fax.inboxId : change.inboxId,
    assigneeId: change.assigneeId === undefined ? fax.assigneeId : change.assigneeId,
    labels: change.labels ? [...new Set(change.labels)] : fax.labels,
    state: change.state ?? fax.state,
    folder: change.folder ?? fax.folder,
  };
  if (next.inboxId && next.inboxId !== fax.inboxId && !(await inboxOfAccount(db, fax.accountId, next.inboxId)))
    throw new AppError('not_found', 'errors.inboxNotFound');
  if (next.assigneeId && !(await mayBeAssigned(db, fax.accountId, next.inboxId, next.assigneeId)))
    throw new AppError('invalid_request', 'errors.assigneeNotFound');
  // Claiming a new fax (taking it oneself) starts its work; one given to someone else is still new to them.
  if (change.assigneeId === actor.user.id && change.state === undefined && next.state === 'new') next.state = 'in_progress';
  const changed = Object.fromEntries(
    (Object.keys(next) as Array<keyof typeof next>)
      .filter((key) => JSON.stringify(next[key]) !== JSON.stringify(fax[key]))
      .map((key) => [key, { from: fax[key], to: next[key] }]),
  );
  if (Object.keys(changed).length === 0) return (await placementOf(db, fax))!;
  const [updated] = await inTransaction(db, async (tx) => {
    const rows = await tx.update(faxes).set(next).where(eq(faxes.id, fax.id)).returning();
    await auditFax(tx, actor, 'fax.place', fax.id, 'success', changed);
    return rows;
  });
  return (await placementOf(db, updated!))!;
}

/** Where the routing rules place a fax, and which rule did (null: none matched; it stays where it landed). */
export type Filing = {
  inboxId: string | null;
  assigneeId: string | null;
  labels: string[];
  junk: boolean;
  routedBy: TRoutedBy | null;
};

/**
 * Files a received fax that waited for the rules (decision 104): its place as the rule said, and from now on it is seen
 * by its inbox's members (the outbox records its `fax.received` at this change). Once: a fax already filed is left.
 */
export async function fileFax(db: Database, faxId: string, filing: Filing | null): Promise<boolean> {
  const set = filing?.routedBy
    ? {
        inboxId: filing.inboxId,
        assigneeId: filing.assigneeId,
        labels: filing.labels,
        folder: filing.junk ? ('junk' as const) : ('inbox' as const),
        routedBy: filing.routedBy,
      }
    : {};
  const filed = await db
    .update(faxes)
    .set({ ...set, filedAt: new Date() })
    .where(sql`${faxes.id} = ${faxId} AND ${faxes.filedAt} IS NULL`)
    .returning({ id: faxes.id });
  return filed.length > 0;
}
