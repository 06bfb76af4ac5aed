import type { TAdminTicketDetail, TTicketMessage } from '@faxline/shared';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { supportTickets, ticketMessages } from './schema';
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
  const replies = await db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, id)).orderBy(asc(ticketMessages.createdAt));
  const opening: TTicketMessage = {
    id: row.id,
    author: 'customer',
    authorName: row.name,
    body: row.message,
    createdAt: row.createdAt.toISOString(),
  };
  return {
    ...view,
    messages: [
      opening,
      ...replies.map((reply) => ({
        id: reply.id,
        author: reply.author,
        authorName: reply.authorName,
        body: reply.body,
        createdAt: reply.createdAt.toISOString(),
      })),
    ],
  };
}
