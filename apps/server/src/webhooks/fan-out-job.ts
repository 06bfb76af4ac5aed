import { FAX_LANDED_EVENT, type TFaxEventType, type TWebhookFormat } from '@faxline/shared';
import { and, arrayContains, eq, inArray } from 'drizzle-orm';
import type { RelayedEvent } from '../events/relay';
import type { Database } from '../platform/db/client';
import { loadFaxEvent, ZFaxEventJob, faxEventJobKey, type FaxEventRow } from '../events/fax-event';
import { faxEvents } from '../events/schema';
import type { SqlExecutor } from '../platform/db/notifications';
import type { Queue } from '../platform/queue/define-job';
import { inTransaction } from '../platform/db/transaction';
import { defineJob } from '../job-deps';
import { webhooksDeliverJob } from './deliver-job';
import { eventPayloadFor } from './payload';
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
  handler: async ({ eventId }, { db, queue, config }) => {
    const event = await loadFaxEvent(db, eventId);
    // Faxline's own events (a fax waiting for the routing rules) are never a webhook's.
    if (!event || event.type === FAX_LANDED_EVENT) return;
    const endpoints = await db
      .select({ id: webhookEndpoints.id, format: webhookEndpoints.format })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.accountId, event.accountId),
          eq(webhookEndpoints.enabled, true),
          arrayContains(webhookEndpoints.events, [event.type]),
        ),
      );
    if (endpoints.length === 0) return;
    // One body per format, read before the transaction: every endpoint of a format gets the same bytes.
    const payloads = new Map<TWebhookFormat, string | undefined>();
    for (const { format } of endpoints)
      if (!payloads.has(format)) payloads.set(format, await eventPayloadFor({ db, publicUrl: config.publicUrl }, format, event));
    await inTransaction(db, async (tx, client) => {
      for (const endpoint of endpoints) {
        const payload = payloads.get(endpoint.format);
        if (payload) await queueMessage({ tx, client, queue }, endpoint.id, event, payload);
      }
    });
  },
});

/**
 * One message of an event for one endpoint, its first try queued in the same transaction; nothing when that endpoint
 * already has the event's message (unique per event and endpoint).
 */
async function queueMessage(
  deps: { tx: Database; client: SqlExecutor; queue: Queue },
  endpointId: string,
  event: FaxEventRow,
  payload: string,
): Promise<void> {
  const [message] = await deps.tx
    .insert(webhookMessages)
    .values({ endpointId, eventId: event.id, type: event.type as TFaxEventType, payload, nextTryAt: clock.now() })
    .onConflictDoNothing()
    .returning({ id: webhookMessages.id });
  if (message)
    await deps.queue.send(
      webhooksDeliverJob,
      { messageId: message.id, attempt: 1 },
      { transaction: deps.client, dedupeKey: `${message.id}:1` },
    );
}

/**
 * A routing rule's "post to a webhook" (decision 104): the fax's `fax.received` event to this endpoint of the account,
 * whatever events it subscribes to, in the transaction that files the fax (which records the event). An endpoint
 * turned off or gone gets nothing; one that subscribes to the event gets it once.
 */
export async function postReceivedFaxTo(
  deps: { tx: Database; client: SqlExecutor; queue: Queue; publicUrl: string },
  accountId: string,
  endpointId: string,
  faxId: string,
): Promise<boolean> {
  const [endpoint] = await deps.tx
    .select({ id: webhookEndpoints.id, format: webhookEndpoints.format })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.enabled, true)));
  const [event] = await deps.tx
    .select()
    .from(faxEvents)
    .where(and(eq(faxEvents.faxId, faxId), eq(faxEvents.type, 'fax.received')));
  if (!endpoint || !event) return false;
  const payload = await eventPayloadFor({ db: deps.tx, publicUrl: deps.publicUrl }, endpoint.format, event);
  if (!payload) return false;
  await queueMessage(deps, endpoint.id, event, payload);
  return true;
}

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
      .filter((event) =>
        endpoints.some((endpoint) => endpoint.accountId === event.accountId && (endpoint.events as readonly string[]).includes(event.type)),
      )
      .map((event) => event.id),
  );
}
