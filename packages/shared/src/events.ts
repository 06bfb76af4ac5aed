/**
 * What happened to a fax, as the outbox records it: one event per state change, named as the webhooks
 * name them. A received fax has one event; a sent one has `fax.queued`, `fax.sending`, then one final event. A
 * received fax whose words are read has `fax.classified` once its class is found, and again when a member changes it.
 */
export const FAX_EVENT_TYPES = [
  'fax.queued',
  'fax.sending',
  'fax.delivered',
  'fax.partially_delivered',
  'fax.failed',
  'fax.canceled',
  'fax.received',
  'fax.classified',
] as const;
export type TFaxEventType = (typeof FAX_EVENT_TYPES)[number];

/**
 * Faxline's own event for a received fax that waits for the account's routing rules (decision 104): consumed by the
 * routing job alone, never sent to a webhook, an e-mail or a bell. The fax's `fax.received` follows once it is filed.
 */
export const FAX_LANDED_EVENT = 'fax.landed';
export type TRecordedFaxEventType = TFaxEventType | typeof FAX_LANDED_EVENT;

/** The events a person is told about in the app and by e-mail: how a fax ended, and a fax that arrived. */
export const NOTIFIED_FAX_EVENT_TYPES = [
  'fax.delivered',
  'fax.partially_delivered',
  'fax.failed',
  'fax.received',
] as const satisfies readonly TFaxEventType[];
export type TNotifiedFaxEventType = (typeof NOTIFIED_FAX_EVENT_TYPES)[number];

/** What the back office's bell lists: events across the platform that an operator acts on. */
export const PLATFORM_EVENT_TYPES = ['account.created', 'ticket.created', 'fax.failed', 'webhook.disabled'] as const;
export type TPlatformEventType = (typeof PLATFORM_EVENT_TYPES)[number];
