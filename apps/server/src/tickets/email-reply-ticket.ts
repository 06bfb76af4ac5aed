import { eq } from 'drizzle-orm';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import { supportTickets } from './schema';

/**
 * The ticket an e-mailed reply is for, when its sender may write on it (decision 114): the address the ticket was
 * opened with (where its replies are e-mailed), or the account address of the person who opened it signed in. The
 * reply address was already found signed by us (ticket-reply-address.ts); this keeps a forwarded e-mail's new
 * recipients, who also hold that address, out of the thread. Null for anyone else or a ticket that is gone.
 */
export async function ticketForEmailReply(
  db: Database,
  ticketId: string,
  from: string,
): Promise<{ ticket: typeof supportTickets.$inferSelect; person: { id: string; name: string } | null } | null> {
  const [row] = await db
    .select({ ticket: supportTickets, person: { id: users.id, name: users.name, email: users.email } })
    .from(supportTickets)
    .leftJoin(users, eq(users.id, supportTickets.userId))
    .where(eq(supportTickets.id, ticketId));
  if (!row) return null;
  const sender = from.toLowerCase();
  const personWrites = row.person?.id && row.person.email.toLowerCase() === sender;
  if (!personWrites && row.ticket.email.toLowerCase() !== sender) return null;
  return { ticket: row.ticket, person: personWrites ? { id: row.person!.id, name: row.person!.name } : null };
}
