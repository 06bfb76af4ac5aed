import { and, arrayContains, eq, inArray } from 'drizzle-orm';
import type { RelayedEvent } from '../events/relay';
import type { Database } from '../platform/db/client';
import { loadFaxEvent, ZFaxEventJob, faxEventJobKey } from '../events/fax-event';
import { inTransaction } from '../platform/db/transaction';
import { defineJob } from '../job-deps';
import { webhooksDeliverJob } from './deliver-job';
import { faxEventPayload } from './payload';
import { webhookEndpoints, webhookMessages } from './schema';
import { clock } from '../platform/clock';

/**
 * The webhooks' consumer of fax events (events/consumers.ts): one message per enabled endpoint of the event's account
 * that subscribed to its type, each with its first try queued in the transaction that writes it. A message is unique
 * per event and endpoint, so a run again after a crash adds nothing and queues nothing twice.
 */
export const webhooksFanOutJob = defineJob({
  name: 'webhooks.fan-out',
  schema: ZFaxEventJob,
  queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true },
  pollingIntervalSeconds: 1,
  exclusiveKey: faxEventJobKey('webhooks.fan-out'),
  handler: async ({ eventId }, { db, queue }) => {
    const event = await loadFaxEvent(db, eventId);
    if (!event) return;
    const endpoints = await db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.accountId, event.accountId),
          eq(webhookEndpoints.enabled, true),
          arrayContains(webhookEndpoints.events, [event.type]),
        ),
      );
    if (endpoints.length === 0) return;
    const payload = await faxEventPayload(db, event);
    if (!payload) return;
    await inTransaction(db, async (tx, client) => {
      const now = clock.now();
      for (const endpoint of endpoints) {
        const [message] = await tx
          .insert(webhookMessages)
          .values({ endpointId: endpoint.id, eventId: event.id, type: event.type, payload, nextTryAt: now })
          .onConflictDoNothing()
          .returning({ id: webhookMessages.id });
        if (message)
          await queue.send(
            webhooksDeliverJob,
            { messageId: message.id, attempt: 1 },
            { transaction: client, dedupeKey: `${message.id}:1` },
          );
      }
    });
  },
});

/**
 * Of a batch of events, those whose account has an enabled endpoint subscribed to their type: the relay queues the
 * fan-out for these alone. The fan-out looks at the endpoints again when it runs (one may be disabled meanwhile).
 */
export async function eventsWithSubscribers(db: Database, events: readonly RelayedEvent[]): Promise<ReadonlySet<string>> {
  const endpoints = await db
    .select({ accountId: webhookEndpoints.accountId, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(
      and(inArray(webhookEndpoints.accountId, [...new Set(events.map((event) => event.accountId))]), eq(webhookEndpoints.enabled, true)),
    );
  return new Set(
    events
      .filter((event) => endpoints.some((endpoint) => endpoint.accountId === event.accountId && endpoint.events.includes(event.type)))
      .map((event) => event.id),
  );
}
