import { loadFaxEvent, ZFaxEventJob, faxEventJobKey } from '../events/fax-event';
import { eventDeliveries } from './schema';
import type { Database } from '../platform/db/client';
import type { SqlExecutor } from '../platform/db/notifications';
import { inTransaction } from '../platform/db/transaction';
import { defineJob, type JobDeps } from '../job-deps';
import { faxEventEmails } from './fax-event-emails';
import { keepOrQueueEmail, type TEmail } from '../email/send-email-job';

/** This consumer's name in `event_deliveries`, whose targets are the addresses written to. */
export const EMAIL_CONSUMER = 'email';

/**
 * Consumer of the fax events people are told of by e-mail (events/consumers.ts): a received fax to the account's
 * recipients, a sent fax's outcome to its sender. Each address gets each event's e-mail at most once, however often
 * this runs: its delivery row and its e-mail (its send job, or the message itself in the local mailbox) are written in
 * one transaction, and only when the row is new.
 */
export const faxEventEmailJob = defineJob({
  name: 'email.fax-event',
  schema: ZFaxEventJob,
  queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true },
  pollingIntervalSeconds: 1,
  exclusiveKey: faxEventJobKey('email.fax-event'),
  handler: async ({ eventId }, deps) => {
    const event = await loadFaxEvent(deps.db, eventId);
    if (!event) return;
    const emails = await faxEventEmails(deps, event);
    await emailOncePerAddress(deps, eventId, emails);
  },
});

/** Each e-mail whose address has not had this event's yet, kept or queued (keepOrQueueEmail). */
async function emailOncePerAddress(deps: JobDeps, eventId: string, emails: readonly TEmail[]): Promise<void> {
  if (emails.length === 0) return;
  await inTransaction(deps.db, async (tx, client) => emailOncePerAddressIn({ ...deps, tx, client }, eventId, emails));
}

/** The same, in a transaction of the caller's (the routing job files a fax and queues its forwarded e-mails at once). */
export async function emailOncePerAddressIn(
  deps: JobDeps & { tx: Database; client: SqlExecutor },
  eventId: string,
  emails: readonly TEmail[],
): Promise<void> {
  for (const email of emails) {
    const target = email.to.toLowerCase();
    const recorded = await deps.tx
      .insert(eventDeliveries)
      .values({ eventId, consumer: EMAIL_CONSUMER, target })
      .onConflictDoNothing()
      .returning({ target: eventDeliveries.target });
    if (recorded.length === 0) continue;
    await keepOrQueueEmail(deps, email, { dedupeKey: `${eventId}:${target}` });
  }
}
