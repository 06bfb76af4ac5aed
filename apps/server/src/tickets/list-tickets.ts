import { ADMIN_TICKETS_PAGE_SIZE, type TAdminTicketListResponse, type ZAdminTicketListQuery } from '@faxline/shared';
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../platform/db/client';
import { supportTickets } from './schema';
import { selectTicketsWithAssignee, toAdminTicket } from './ticket-views';

type TListQuery = z.output<typeof ZAdminTicketListQuery>;

function filtersOf(query: TListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status !== 'all') conditions.push(eq(supportTickets.status, query.status));
  if (query.priority !== 'all') conditions.push(eq(supportTickets.priority, query.priority));
  if (query.assignee === 'unassigned') conditions.push(isNull(supportTickets.assigneeUserId));
  else if (query.assignee !== 'any') conditions.push(eq(supportTickets.assigneeUserId, query.assignee));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of the tickets that match the filters, the most recently updated first. */
export async function listAdminTickets(db: Database, query: TListQuery): Promise<TAdminTicketListResponse> {
  const where = filtersOf(query);
  const [counted] = await db.select({ total: count() }).from(supportTickets).where(where);
  const rows = await selectTicketsWithAssignee(db)
    .where(where)
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
    .limit(ADMIN_TICKETS_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_TICKETS_PAGE_SIZE);
  return {
    tickets: rows.map(({ ticket, assignee }) => toAdminTicket(ticket, assignee)),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: ADMIN_TICKETS_PAGE_SIZE,
  };
}
