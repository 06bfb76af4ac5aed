import { ZPushMessage } from '@faxline/shared';
import webpush from 'web-push';
import { z } from 'zod';
import { defineJob } from '../job-deps';
import { postWebhook } from '../webhooks/post-webhook';
import type { WebhookUrlConfig } from '../webhooks/webhook-url';
import { dropPushSubscription, loadPushSubscription, markPushDelivered, type PushSubscriptionRow } from './subscriptions';
import { vapidDetailsOf, type VapidDetails } from './vapid';

export const ZPushJob = z.object({ eventId: z.uuid(), subscriptionId: z.uuid(), message: ZPushMessage });
export type TPushJob = z.infer<typeof ZPushJob>;

/** A notification older than a day is no news: the push service may drop it rather than deliver it late. */
const TTL_SECONDS = 24 * 60 * 60;
/** The push service's answers that say the subscription is gone for good (RFC 8030 §7.3, and what services send). */
const GONE = new Set([404, 410]);

/**
 * Sends one push to one device through its push service: encrypted for the browser's keys (RFC 8291, aes128gcm) and
 * signed with the VAPID key (RFC 8292) by web-push, posted as webhooks are (an address a browser gave: checked again
 * when resolved, pinned, no redirect, a time limit). A gone subscription is dropped; any other refusal or a network
 * failure fails the job, which the queue retries.
 */
export const sendPushJob = defineJob({
  name: 'push.send',
  schema: ZPushJob,
  queue: { retryLimit: 5, retryDelay: 15, retryBackoff: true, expireInSeconds: 60 },
  pollingIntervalSeconds: 1,
  // One try at a time per event and device; a try whose worker died is handed back within seconds (queue.ts).
  exclusiveKey: ({ eventId, subscriptionId }) => `push.send:${eventId}:${subscriptionId}`,
  handler: async ({ eventId, subscriptionId, message }, { db, config, logger }) => {
    const subscription = await loadPushSubscription(db, subscriptionId);
    if (!subscription) return;
    const { status, error } = await postPush(config, subscription, JSON.stringify(message), eventId, await vapidDetailsOf(config));
    if (status === null) throw new Error(`the push service was not reached: ${error}`);
    if (GONE.has(status)) {
      await dropPushSubscription(db, subscription.id);
      logger.info({ subscriptionId, status }, 'push subscription dropped: the push service no longer has it');
      return;
    }
    if (status < 200 || status > 299) throw new Error(`the push service answered ${status}`);
    await markPushDelivered(db, subscription.id);
  },
});

/** Posts the encrypted push; the outcome holds the push service's status, or why there was none. */
async function postPush(
  config: WebhookUrlConfig,
  subscription: PushSubscriptionRow,
  payload: string,
  eventId: string,
  vapid: VapidDetails,
) {
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    payload,
    {
      vapidDetails: vapid,
      TTL: TTL_SECONDS,
      urgency: 'high',
      // The push service replaces an undelivered push of the same topic: a retry after a lost answer is not shown twice.
      topic: eventId.replaceAll('-', ''),
      contentEncoding: 'aes128gcm',
    },
  );
  // Lower-case names, as the poster's own defaults; the length is the body's, set by the connection.
  const headers = Object.fromEntries(
    Object.entries(request.headers as Record<string, string | number>)
      .map(([name, value]) => [name.toLowerCase(), String(value)])
      .filter(([name]) => name !== 'content-length'),
  );
  return postWebhook(config, { url: request.endpoint, headers, body: new Uint8Array(request.body ?? Buffer.alloc(0)) });
}
