import type { TAdminTicket, ZTicketUpdateRequest } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../platform/db/client';
import { assertAssignable } from './assignees';
import { supportTickets } from './schema';
import { findTicket } from './ticket-detail';

type TTicketChange = z.output<typeof ZTicketUpdateRequest>;
export type TTicketChanges = Record<string, { from: unknown; to: unknown }>;

/** What actually changed, for the audit trail (a field set to its current value is no change). */
function changesOf(before: TAdminTicket, after: TAdminTicket): TTicketChanges {
  const changes: TTicketChanges = {};
  if (before.status !== after.status) changes.status = { from: before.status, to: after.status };
  if (before.priority !== after.priority) changes.priority = { from: before.priority, to: after.priority };
  if (before.assignee?.id !== after.assignee?.id)
    changes.assigneeId = { from: before.assignee?.id ?? null, to: after.assignee?.id ?? null };
  return changes;
}

/** Sets the status, priority or assignee (platform admins only) of a ticket; a real change counts as an update. */
export async function updateTicket(db: Database, id: string, change: TTicketChange) {
  const { view: before } = await findTicket(db, id);
  if (change.assigneeId) await assertAssignable(db, change.assigneeId);
  const next = {
    status: change.status ?? before.status,
    priority: change.priority ?? before.priority,
    assigneeUserId: change.assigneeId === undefined ? (before.assignee?.id ?? null) : change.assigneeId,
  };
  const unchanged =
    next.status === before.status && next.priority === before.priority && next.assigneeUserId === (before.assignee?.id ?? null);
  if (!unchanged)
    await db
      .update(supportTickets)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(supportTickets.id, id));
  const { view: after } = await findTicket(db, id);
  return { ticket: after, changes: changesOf(before, after) };
}
