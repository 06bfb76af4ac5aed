import type { TAdminTicketDetail } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { supportTickets } from './schema';
import { ticketThread } from './ticket-thread';
import { isTicketId, selectTicketsWithAssignee, toAdminTicket } from './ticket-views';

/** The ticket row and its admin view; 404 for an unknown id. */
export async function findTicket(db: Database, id: string) {
  const [row] = isTicketId(id) ? await selectTicketsWithAssignee(db).where(eq(supportTickets.id, id)) : [];
  if (!row) throw new AppError('not_found', 'errors.ticketNotFound');
  return { row: row.ticket, view: toAdminTicket(row.ticket, row.assignee) };
}

/** A ticket with its thread: the opening message (from the ticket itself), then the replies, oldest first. */
export async function getAdminTicket(db: Database, id: string): Promise<TAdminTicketDetail> {
  const { row, view } = await findTicket(db, id);
  return { ...view, messages: await ticketThread(db, row) };
}
