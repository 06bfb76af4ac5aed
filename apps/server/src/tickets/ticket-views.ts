import { LANGUAGES, ticketReference, type TAdminTicket, type TLanguage } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import { supportTickets } from './schema';

type TTicketRow = typeof supportTickets.$inferSelect;
type TAssigneeRow = { id: string; name: string; email: string } | null;

export const assignees = alias(users, 'assignee');

/** A ticket and the admin it is assigned to, for the back office's lists and views. */
export const selectTicketsWithAssignee = (db: Database) =>
  db
    .select({ ticket: supportTickets, assignee: { id: assignees.id, name: assignees.name, email: assignees.email } })
    .from(supportTickets)
    .leftJoin(assignees, eq(assignees.id, supportTickets.assigneeUserId));

export const languageOf = (value: string | null | undefined): TLanguage =>
  (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as TLanguage) : 'en';

export function toAdminTicket(ticket: TTicketRow, assignee: TAssigneeRow): TAdminTicket {
  return {
    id: ticket.id,
    reference: ticketReference(ticket.id),
    subject: ticket.subject,
    source: ticket.source,
    department: ticket.department,
    requester: { name: ticket.name, email: ticket.email, userId: ticket.userId },
    status: ticket.status,
    priority: ticket.priority,
    // A left join gives an object of nulls when nobody is assigned.
    assignee: assignee?.id ? assignee : null,
    language: languageOf(ticket.language),
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  };
}

/** Ticket ids are UUIDs: anything else is no ticket (and must not reach PostgreSQL as one). */
export const isTicketId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
