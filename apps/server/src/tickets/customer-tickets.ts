import {
  SUPPORT_TICKETS_PAGE_SIZE,
  ticketReference,
  type TSupportTicket,
  type TSupportTicketDetail,
  type TSupportTicketListResponse,
  type TTicketAuthor,
} from '@faxline/shared';
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { supportTickets } from './schema';
import { ticketThread } from './ticket-thread';
import { isTicketId } from './ticket-views';

/** The signed-in person, as the session names them. */
export type TCustomer = { id: string; email: string; emailVerified: boolean };
type TTicketRow = typeof supportTickets.$inferSelect;

/**
 * Whose ticket it is (decision 114): the person who opened it signed in, or the owner of the address it was opened
 * with, once that address is proven theirs (a verified account address: the same address that receives the
 * replies). Nobody else sees it, whatever their role on the account: a ticket can hold what a person told support alone.
 */
export function customerTicketsOf(customer: TCustomer): SQL {
  const byAddress = customer.emailVerified ? eq(supportTickets.email, customer.email.toLowerCase()) : undefined;
  return byAddress ? or(eq(supportTickets.userId, customer.id), byAddress)! : eq(supportTickets.userId, customer.id);
}

/**
 * Who wrote last on each ticket: a new answer from the team is what the person's list points out. Written out by
 * name: drizzle leaves columns unqualified in a one-table select, which would make the inner `id` the message's.
 */
const lastAuthor = sql<TTicketAuthor>`coalesce((select m.author from ticket_messages m
  where m.ticket_id = "support_tickets"."id" order by m.created_at desc, m.id desc limit 1), 'customer')`;

function toSupportTicket(ticket: TTicketRow, last: TTicketAuthor): TSupportTicket {
  return {
    id: ticket.id,
    reference: ticketReference(ticket.id),
    subject: ticket.subject,
    department: ticket.department,
    status: ticket.status,
    lastAuthor: last,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  };
}

/** One page of the person's tickets, the most recently updated first. */
export async function listCustomerTickets(db: Database, customer: TCustomer, page: number): Promise<TSupportTicketListResponse> {
  const where = customerTicketsOf(customer);
  const [counted] = await db.select({ total: count() }).from(supportTickets).where(where);
  const rows = await db
    .select({ ticket: supportTickets, lastAuthor })
    .from(supportTickets)
    .where(where)
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
    .limit(SUPPORT_TICKETS_PAGE_SIZE)
    .offset((page - 1) * SUPPORT_TICKETS_PAGE_SIZE);
  return {
    tickets: rows.map((row) => toSupportTicket(row.ticket, row.lastAuthor)),
    total: counted?.total ?? 0,
    page,
    pageSize: SUPPORT_TICKETS_PAGE_SIZE,
  };
}

/** The person's ticket; 404 for one that is not theirs, as for one that does not exist (its existence is not told). */
export async function findCustomerTicket(db: Database, customer: TCustomer, id: string) {
  const [row] = isTicketId(id)
    ? await db
        .select({ ticket: supportTickets, lastAuthor })
        .from(supportTickets)
        .where(and(eq(supportTickets.id, id), customerTicketsOf(customer)))
    : [];
  if (!row) throw new AppError('not_found', 'errors.ticketNotFound');
  return row;
}

/** The person's ticket with its whole thread. */
export async function getCustomerTicket(db: Database, customer: TCustomer, id: string): Promise<TSupportTicketDetail> {
  const { ticket, lastAuthor: last } = await findCustomerTicket(db, customer, id);
  return { ...toSupportTicket(ticket, last), messages: await ticketThread(db, ticket) };
}
