import type { TTicketMessage } from '@faxline/shared';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { type supportTickets, ticketAttachments, ticketMessages } from './schema';

type TTicketRow = typeof supportTickets.$inferSelect;

/**
 * A ticket's conversation, oldest first, as both sides show it: the opening message (kept on the ticket itself, as
 * written on the contact form), then every reply with the files sent with it.
 */
export async function ticketThread(db: Database, ticket: TTicketRow): Promise<TTicketMessage[]> {
  const [replies, files] = await Promise.all([
    db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticket.id))
      .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id)),
    db
      .select({
        id: ticketAttachments.id,
        messageId: ticketAttachments.messageId,
        name: ticketAttachments.name,
        type: ticketAttachments.type,
        size: ticketAttachments.size,
      })
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketId, ticket.id))
      .orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.name)),
  ]);
  const filesOf = (messageId: string) => files.filter((file) => file.messageId === messageId).map(({ messageId: _, ...file }) => file);
  const opening: TTicketMessage = {
    id: ticket.id,
    author: 'customer',
    authorName: ticket.name,
    body: ticket.message,
    via: 'web',
    attachments: [],
    createdAt: ticket.createdAt.toISOString(),
  };
  return [
    opening,
    ...replies.map((reply) => ({
      id: reply.id,
      author: reply.author,
      authorName: reply.authorName,
      body: reply.body,
      via: reply.via,
      attachments: filesOf(reply.id),
      createdAt: reply.createdAt.toISOString(),
    })),
  ];
}
