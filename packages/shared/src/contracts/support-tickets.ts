import { z } from 'zod';
import { singleLineText } from '../text';
import { CONTACT_DEPARTMENTS } from './contact';
import { TICKET_AUTHORS, TICKET_STATUSES, ZTicketMessage } from './admin-tickets';

/**
 * The customer's side of support (/user/support, decision 114): the tickets a person opened, signed in or from the
 * contact form with their account's address, each with its thread; replies with files, closing and reopening.
 */
export const SUPPORT_TICKETS_PAGE_SIZE = 20;

export const ZSupportTicketListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type TSupportTicketListQuery = z.input<typeof ZSupportTicketListQuery>;

export const ZSupportTicket = z.object({
  id: z.string(),
  reference: z.string(),
  subject: z.string(),
  department: z.enum(CONTACT_DEPARTMENTS),
  status: z.enum(TICKET_STATUSES),
  /** Who wrote last: the support team's answer waits for the person to read it. */
  lastAuthor: z.enum(TICKET_AUTHORS),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type TSupportTicket = z.infer<typeof ZSupportTicket>;

export const ZSupportTicketListResponse = z.object({
  tickets: z.array(ZSupportTicket),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TSupportTicketListResponse = z.infer<typeof ZSupportTicketListResponse>;

/** One ticket with its thread, the opening message first. */
export const ZSupportTicketDetail = ZSupportTicket.extend({ messages: z.array(ZTicketMessage) });
export type TSupportTicketDetail = z.infer<typeof ZSupportTicketDetail>;

/** Any id: one that is not a ticket of the person's is answered 404, as an unknown ticket. */
export const ZSupportTicketParams = z.object({ id: z.string().min(1).max(64).check(singleLineText) });
export const ZTicketAttachmentParams = ZSupportTicketParams.extend({
  attachmentId: z.string().min(1).max(64).check(singleLineText),
});

/** The person closes a ticket they no longer need, or reopens it. */
export const ZSupportTicketStatusRequest = z.object({
  status: z.enum(['open', 'closed'], { error: 'validation.ticketStatus' }),
});
export type TSupportTicketStatusRequest = z.input<typeof ZSupportTicketStatusRequest>;
