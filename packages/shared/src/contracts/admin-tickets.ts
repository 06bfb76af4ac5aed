import { z } from 'zod';
import { multiLineText, singleLineText } from '../text';
import { LANGUAGES } from '../constants';
import { CONTACT_DEPARTMENTS } from './contact';

/**
 * Back-office support tickets (spec 001 §2.11, §3 "Support ticket"): what the contact form and signed-in people send,
 * with the thread of replies. Statuses and priorities are the spec's Open / In Progress / Closed and Low / Medium / High.
 */
export const TICKET_STATUSES = ['open', 'in_progress', 'closed'] as const;
export type TTicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TTicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_SOURCES = ['contact_form', 'portal'] as const;
export const TICKET_AUTHORS = ['admin', 'customer'] as const;
export type TTicketAuthor = (typeof TICKET_AUTHORS)[number];

export const ADMIN_TICKETS_PAGE_SIZE = 20;
export const TICKET_REPLY_MAX_LENGTH = 10_000;

/** A short reference for people to quote: the first 8 characters of the ticket's id, in capitals. */
export const ticketReference = (ticketId: string) => ticketId.replace(/-/g, '').slice(0, 8).toUpperCase();

/** `assignee`: any ticket, tickets nobody has, or the tickets of one platform admin (their user id). */
export const ZAdminTicketListQuery = z.object({
  status: z.enum(['all', ...TICKET_STATUSES]).default('all'),
  priority: z.enum(['all', ...TICKET_PRIORITIES]).default('all'),
  assignee: z.string().trim().min(1).max(64).check(singleLineText).default('any'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type TAdminTicketListQuery = z.input<typeof ZAdminTicketListQuery>;

export const ZTicketPerson = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type TTicketPerson = z.infer<typeof ZTicketPerson>;

export const ZAdminTicket = z.object({
  id: z.string(),
  reference: z.string(),
  subject: z.string(),
  source: z.enum(TICKET_SOURCES),
  department: z.enum(CONTACT_DEPARTMENTS),
  /** Who wrote in: the name and e-mail given; `userId` when they were signed in. */
  requester: z.object({ name: z.string(), email: z.string(), userId: z.string().nullable() }),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  assignee: ZTicketPerson.nullable(),
  /** The language the person wrote in; replies are e-mailed in it (or in the language of their profile). */
  language: z.enum(LANGUAGES),
  createdAt: z.iso.datetime({ offset: true }),
  /** The spec's "last update": the newest message or change. */
  updatedAt: z.iso.datetime({ offset: true }),
});
export type TAdminTicket = z.infer<typeof ZAdminTicket>;

export const ZAdminTicketListResponse = z.object({
  tickets: z.array(ZAdminTicket),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TAdminTicketListResponse = z.infer<typeof ZAdminTicketListResponse>;

/** Where a message was written: in the portal or the back office, or as an e-mail answered through the SMTP gateway. */
export const TICKET_MESSAGE_VIAS = ['web', 'email'] as const;
export type TTicketMessageVia = (typeof TICKET_MESSAGE_VIAS)[number];
/** A file sent with a reply: the send form's accepted types, checked the same way (decision 114). */
export const TICKET_ATTACHMENT_TYPES = ['pdf', 'jpeg', 'png', 'doc', 'docx', 'txt'] as const;
export type TTicketAttachmentType = (typeof TICKET_ATTACHMENT_TYPES)[number];

export const ZTicketAttachment = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(TICKET_ATTACHMENT_TYPES),
  size: z.number().int(),
});
export type TTicketAttachment = z.infer<typeof ZTicketAttachment>;

export const ZTicketMessage = z.object({
  id: z.string(),
  author: z.enum(TICKET_AUTHORS),
  /** The admin who replied, or the person who wrote in. */
  authorName: z.string(),
  body: z.string(),
  via: z.enum(TICKET_MESSAGE_VIAS),
  attachments: z.array(ZTicketAttachment),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TTicketMessage = z.infer<typeof ZTicketMessage>;

/** One ticket with its thread: the opening message first, then every reply, oldest first. */
export const ZAdminTicketDetail = ZAdminTicket.extend({ messages: z.array(ZTicketMessage) });
export type TAdminTicketDetail = z.infer<typeof ZAdminTicketDetail>;

/** Any id: one that is not a ticket's is answered 404, as an unknown ticket. */
export const ZAdminTicketParams = z.object({ id: z.string().min(1).max(64).check(singleLineText) });

export const ZTicketReplyRequest = z.object({
  body: z
    .string({ error: 'validation.ticketReplyRequired' })
    .trim()
    .min(1, { error: 'validation.ticketReplyRequired' })
    .max(TICKET_REPLY_MAX_LENGTH, { error: 'validation.ticketReplyTooLong' })
    .check(multiLineText),
});
export type TTicketReplyRequest = z.input<typeof ZTicketReplyRequest>;

/** PATCH: any of status, priority and assignee (a platform admin's id, or null for nobody). */
export const ZTicketUpdateRequest = z
  .object({
    status: z.enum(TICKET_STATUSES, { error: 'validation.ticketStatus' }).optional(),
    priority: z.enum(TICKET_PRIORITIES, { error: 'validation.ticketPriority' }).optional(),
    assigneeId: z.string().trim().min(1).max(64).check(singleLineText).nullable().optional(),
  })
  .refine((change) => change.status !== undefined || change.priority !== undefined || change.assigneeId !== undefined, {
    error: 'validation.ticketNoChange',
  });
export type TTicketUpdateRequest = z.input<typeof ZTicketUpdateRequest>;

/** The platform admins a ticket can be assigned to (and filtered by). */
export const ZTicketAssigneesResponse = z.object({ assignees: z.array(ZTicketPerson) });
export type TTicketAssigneesResponse = z.infer<typeof ZTicketAssigneesResponse>;
