import type { TTicketStatus } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { findCustomerTicket, type TCustomer } from './customer-tickets';
import { supportTickets } from './schema';

/**
 * The person closes a ticket they no longer need, or reopens one (it goes back to Open, for the team to pick up). A
 * status already in force changes nothing and writes nothing; a ticket In Progress is closed like an Open one.
 */
export async function setCustomerTicketStatus(
  db: Database,
  customer: TCustomer,
  id: string,
  status: Extract<TTicketStatus, 'open' | 'closed'>,
  audit: { accountId: string | null; ip: string },
): Promise<void> {
  const { ticket } = await findCustomerTicket(db, customer, id);
  const unchanged = status === 'closed' ? ticket.status === 'closed' : ticket.status !== 'closed';
  if (unchanged) return;
  await inTransaction(db, async (tx) => {
    await tx.update(supportTickets).set({ status, updatedAt: new Date() }).where(eq(supportTickets.id, ticket.id));
    await recordAuditEvent(tx, {
      actorUserId: customer.id,
      accountId: audit.accountId,
      ip: audit.ip,
      action: status === 'closed' ? 'ticket.customer_close' : 'ticket.customer_reopen',
      objectType: 'support_ticket',
      objectId: ticket.id,
      outcome: 'success',
      details: { changes: { status: { from: ticket.status, to: status } } },
    });
  });
}
