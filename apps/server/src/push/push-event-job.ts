import { NOTIFIED_FAX_EVENT_TYPES, type TNotifiedFaxEventType } from '@faxline/shared';
import { noticeTermsOf } from '../accounts/notice-terms';
import { loadFaxEvent, ZFaxEventJob, faxEventJobKey, type FaxEventRow } from '../events/fax-event';
import { eventDeliveries } from '../fax-emails/schema';
import { loadFax } from '../faxes/fax-state';
import { defineJob, type JobDeps } from '../job-deps';
import { inTransaction } from '../platform/db/transaction';
import { faxPushMessage } from './push-message';
import { pushRecipientsOf } from './push-recipients';
import { sendPushJob, type TPushJob } from './send-push-job';
import { subscriptionsOfPeople } from './subscriptions';

/** This consumer's name in `event_deliveries`, whose targets are the subscriptions pushed to. */
export const PUSH_CONSUMER = 'push';

export const isPushedEvent = (type: string): type is TNotifiedFaxEventType =>
  (NOTIFIED_FAX_EVENT_TYPES as readonly string[]).includes(type);

/**
 * Consumer of the fax events people are told of (fax-event-consumers.ts): one push per device of each person the
 * event's e-mail would go to. Each subscription gets each event's push at most once, however often this runs: its
 * delivery row and its send job are written in one transaction, and only when the row is new.
 */
export const pushFaxEventJob = defineJob({
  name: 'push.fax-event',
  schema: ZFaxEventJob,
  queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true },
  pollingIntervalSeconds: 1,
  exclusiveKey: faxEventJobKey('push.fax-event'),
  handler: async ({ eventId }, deps) => {
    const event = await loadFaxEvent(deps.db, eventId);
    if (!event) return;
    await queueOncePerSubscription(deps, await pushesOf(deps, event));
  },
});

/** The pushes an event asks for, one per subscription of each recipient; none when the fax or its account is gone. */
async function pushesOf(deps: Pick<JobDeps, 'db' | 'config'>, event: FaxEventRow): Promise<TPushJob[]> {
  if (!isPushedEvent(event.type)) return [];
  const fax = await loadFax(deps.db, event.faxId);
  const terms = fax && (await noticeTermsOf(deps.db, fax.accountId));
  if (!fax || !terms) return [];
  const recipients = await pushRecipientsOf(deps.db, deps.config, event.type, fax);
  const languages = new Map(recipients.map((recipient) => [recipient.userId, recipient.language]));
  const subscriptions = await subscriptionsOfPeople(deps.db, [...languages.keys()]);
  return subscriptions.map((subscription) => ({
    eventId: event.id,
    subscriptionId: subscription.id,
    message: faxPushMessage(
      { eventId: event.id, type: event.type as TNotifiedFaxEventType, fax },
      { language: languages.get(subscription.userId)!, hipaaPlan: terms.hipaaPlan },
    ),
  }));
}

async function queueOncePerSubscription(deps: Pick<JobDeps, 'db' | 'queue'>, pushes: readonly TPushJob[]): Promise<void> {
  if (pushes.length === 0) return;
  await inTransaction(deps.db, async (tx, client) => {
    for (const push of pushes) {
      const recorded = await tx
        .insert(eventDeliveries)
        .values({ eventId: push.eventId, consumer: PUSH_CONSUMER, target: push.subscriptionId })
        .onConflictDoNothing()
        .returning({ target: eventDeliveries.target });
      if (recorded.length === 0) continue;
      await deps.queue.send(sendPushJob, push, { transaction: client, dedupeKey: `${push.eventId}:${push.subscriptionId}` });
    }
  });
}
