import { webPaths } from '@faxline/shared';
import type { TTicketMessage } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { users } from '../auth/schema';
import { sendEmailJob } from '../email/send-email-job';
import type { Database } from '../platform/db/client';
import type { TConfig } from '../platform/config';
import type { Queue } from '../platform/queue/queue';
import { renderTicketReplyEmail } from './render-ticket-reply-email';
import { supportTickets, ticketMessages } from './schema';
import { ticketReplyAddress } from './ticket-reply-address';
import { findTicket } from './ticket-detail';
import { languageOf } from './ticket-views';

type TReplyDeps = { db: Database; queue: Queue; config: TConfig };
type TAdmin = { id: string; name: string; email: string };

/** The language of the person's e-mails: their profile's when they were signed in, else the one they wrote in. */
async function emailLanguageOf(db: Database, ticket: { userId: string | null; language: string }) {
  if (!ticket.userId) return languageOf(ticket.language);
  const [person] = await db.select({ language: users.language }).from(users).where(eq(users.id, ticket.userId));
  return languageOf(person?.language ?? ticket.language);
}

/**
 * An admin's reply: added to the thread and e-mailed to the address on the ticket. Answering an Open ticket puts it
 * In Progress (someone is on it); other statuses stay as they are, so a reply to a Closed ticket does not reopen it.
 */
export async function replyToTicket(
  deps: TReplyDeps,
  ticketId: string,
  admin: TAdmin,
  body: string,
): Promise<{ message: TTicketMessage; statusChanged: boolean }> {
  const { db, queue } = deps;
  const { row: ticket, view } = await findTicket(db, ticketId);
  const authorName = admin.name.trim() || admin.email;
  const message = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(ticketMessages)
      .values({ ticketId, author: 'admin', authorUserId: admin.id, authorName, body })
      .returning();
    await tx
      .update(supportTickets)
      .set({ updatedAt: inserted!.createdAt, ...(ticket.status === 'open' ? { status: 'in_progress' as const } : {}) })
      .where(eq(supportTickets.id, ticketId));
    return inserted!;
  });
  await queue.send(
    sendEmailJob,
    renderTicketReplyEmail({
      to: ticket.email,
      language: await emailLanguageOf(db, ticket),
      name: ticket.name,
      subject: ticket.subject,
      reference: view.reference,
      reply: body,
      threadUrl: `${deps.config.publicUrl}${webPaths.user.support.getHref(ticketId)}`,
      replyTo: await ticketReplyAddress(deps.config, ticketId),
    }),
  );
  return {
    message: { id: message.id, author: 'admin', authorName, body, via: 'web', attachments: [], createdAt: message.createdAt.toISOString() },
    statusChanged: ticket.status === 'open',
  };
}
