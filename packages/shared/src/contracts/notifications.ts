import { z } from 'zod';
import { FAX_FAILURE_REASONS } from '../constants';
import { NOTIFIED_FAX_EVENT_TYPES } from '../events';

/**
 * In-app notifications: GET /api/notifications and POST /api/notifications/read for the user
 * area's bell, GET /api/admin/notifications and POST /api/admin/notifications/read for the back office's.
 */

/** How many notifications a list holds: the newest ones. */
export const NOTIFICATIONS_LIMIT = 30;
/** Unread counts look this far back: an older event is no longer news. */
export const NOTIFICATIONS_UNREAD_DAYS = 30;
/** Unread counts stop here, so a busy account's count stays one short read; the bell shows "99+". */
export const NOTIFICATIONS_UNREAD_CAP = 99;
/** How many notifications one request may mark read by id. */
export const MAX_NOTIFICATIONS_MARKED = 100;

const ZWhen = z.iso.datetime({ offset: true });

/**
 * A fax event as the bell lists it: a fax that arrived, or a sent fax that was delivered (in full or in part) or
 * failed, with what the sentence about it needs: the other party (the sender of a received fax, the recipient of a
 * sent one), its pages, and the reason of a failure.
 */
const ZFaxNotification = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFIED_FAX_EVENT_TYPES),
  faxId: z.uuid(),
  createdAt: ZWhen,
  read: z.boolean(),
  /** The other party's number (E.164, or as the caller gave it); null when the sender was not identified. */
  number: z.string().nullable(),
  /** The other party's name: the sender's station name, or the name the sender gave the recipient. */
  name: z.string().nullable(),
  pages: z.number().int().nullable(),
  /** Of a partly delivered fax: the pages the receiver confirmed. */
  pagesSent: z.number().int().nullable(),
  failureReason: z.enum(FAX_FAILURE_REASONS).nullable(),
  /** A sent fax delivered to another station id than expected, learned after the call (decision 121). */
  stationMismatch: z.boolean(),
});

/**
 * A fax an agent sent that waits for a member's approval (decision 131), as the bell lists it to those who may decide
 * it: the agent's name and the first recipient. It counts as unread until someone decides it (decision 135).
 */
const ZAgentFaxNotification = z.object({
  id: z.uuid(),
  type: z.literal('agent_fax.waiting'),
  agentFaxId: z.uuid(),
  createdAt: ZWhen,
  read: z.boolean(),
  agentName: z.string(),
  number: z.string(),
  recipients: z.number().int().min(1),
});

export const ZNotification = z.discriminatedUnion('type', [ZFaxNotification, ZAgentFaxNotification]);
export type TNotification = z.infer<typeof ZNotification>;
export type TFaxNotification = z.infer<typeof ZFaxNotification>;

/** The newest notifications, and how many of the last NOTIFICATIONS_UNREAD_DAYS days are unread (capped). */
export const ZNotificationsResponse = z.object({
  notifications: z.array(ZNotification),
  unread: z.number().int().min(0).max(NOTIFICATIONS_UNREAD_CAP),
});
export type TNotificationsResponse = z.infer<typeof ZNotificationsResponse>;

/** Marks some notifications read (`ids`), or every unread one (`all`). */
export const ZMarkNotificationsReadRequest = z.union([
  z.object({ ids: z.array(z.uuid()).min(1).max(MAX_NOTIFICATIONS_MARKED) }),
  z.object({ all: z.literal(true) }),
]);
export type TMarkNotificationsReadRequest = z.infer<typeof ZMarkNotificationsReadRequest>;

/** After marking: the unread count now. */
export const ZMarkNotificationsReadResponse = z.object({ unread: z.number().int().min(0).max(NOTIFICATIONS_UNREAD_CAP) });
export type TMarkNotificationsReadResponse = z.infer<typeof ZMarkNotificationsReadResponse>;

/** The account an event of the back office's bell is about: its name, and its owner's address (to find them). */
const ZEventAccount = z.object({ name: z.string(), ownerEmail: z.string().nullable() }).nullable();
const ZAdminNotificationBase = { id: z.uuid(), createdAt: ZWhen, read: z.boolean() };

/**
 * A platform event as the back office's bell lists it: a new sign-up, a new support ticket, a fax that failed (in
 * any account), or a webhook endpoint that was disabled. `account` is null once the account is gone.
 */
export const ZAdminNotification = z.discriminatedUnion('type', [
  z.object({ ...ZAdminNotificationBase, type: z.literal('account.created'), account: ZEventAccount }),
  z.object({ ...ZAdminNotificationBase, type: z.literal('ticket.created'), ticketId: z.uuid(), subject: z.string(), from: z.string() }),
  z.object({
    ...ZAdminNotificationBase,
    type: z.literal('fax.failed'),
    account: ZEventAccount,
    toNumber: z.string().nullable(),
    failureReason: z.enum(FAX_FAILURE_REASONS).nullable(),
  }),
  z.object({ ...ZAdminNotificationBase, type: z.literal('webhook.disabled'), account: ZEventAccount, url: z.string().nullable() }),
]);
export type TAdminNotification = z.infer<typeof ZAdminNotification>;

export const ZAdminNotificationsResponse = z.object({
  notifications: z.array(ZAdminNotification),
  unread: z.number().int().min(0).max(NOTIFICATIONS_UNREAD_CAP),
});
export type TAdminNotificationsResponse = z.infer<typeof ZAdminNotificationsResponse>;
