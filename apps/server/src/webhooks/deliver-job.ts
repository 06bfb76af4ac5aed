import { and, desc, eq, gte } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { defineJob, type JobDeps } from '../job-deps';
import { markEndpointFailing, markEndpointHealthy } from './endpoint-health';
import { postWebhook, type PostOutcome } from './post-webhook';
import { nextTryAt } from './retry-schedule';
import { webhookAttempts, webhookEndpoints, webhookMessages } from './schema';
import { openSigningSecret } from './secrets';
import { signatureHeader } from './sign';
import { clock } from '../platform/clock';

export const ZWebhookDeliveryJob = z.object({ messageId: z.uuid(), attempt: z.number().int().min(1) });

/** Deliveries one worker process makes at once: they mostly wait on receivers (10 s at most each). */
const DELIVERY_CONCURRENCY = 8;

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type MessageRow = typeof webhookMessages.$inferSelect;

/**
 * One try of a message to its endpoint. The try is written before the request; a run that finds
 * its try started and never ended knows an earlier run died mid-request, records that one as interrupted and sends
 * again (receivers dedupe on webhook-id, the message's id); a run that finds it ended does nothing. Runs for one
 * message never overlap (exclusive key), so a try without an end is always an interrupted one.
 */
export const webhooksDeliverJob = defineJob({
  name: 'webhooks.deliver',
  schema: ZWebhookDeliveryJob,
  // The queue's own retries are for a failing database; a receiver's failures follow the schedule (retry-schedule.ts).
  queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  pollingIntervalSeconds: 1,
  concurrency: () => DELIVERY_CONCURRENCY,
  exclusiveKey: ({ messageId }) => `webhook-message:${messageId}`,
  handler: async ({ messageId, attempt }, deps) => {
    const [row] = await deps.db
      .select({ message: webhookMessages, endpoint: webhookEndpoints })
      .from(webhookMessages)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookMessages.endpointId))
      .where(eq(webhookMessages.id, messageId));
    if (!row) return;
    if (!row.endpoint.enabled) {
      // A disabled endpoint's pending tries stop: the message has no tries left.
      await deps.db.update(webhookMessages).set({ status: 'failed', nextTryAt: null }).where(eq(webhookMessages.id, messageId));
      return;
    }
    const number = await startAttempt(deps.db, messageId, attempt);
    if (number === null) return;
    const { message, endpoint } = row;
    const outcome = await postWebhook(deps.config, {
      url: endpoint.url,
      body: message.payload,
      headers: await signedHeaders(deps.config, endpoint, message, clock.now()),
    });
    await recordOutcome(deps, message, endpoint, number, outcome);
  },
});

/**
 * Writes the try this run makes, before it is made, and returns its number: the one asked for, or, after a try that
 * was interrupted, the next one. Null when the try (or a later one) has already ended: nothing to do.
 */
async function startAttempt(db: Database, messageId: string, asked: number): Promise<number | null> {
  return inTransaction(db, async (tx) => {
    const [last] = await tx
      .select()
      .from(webhookAttempts)
      .where(and(eq(webhookAttempts.messageId, messageId), gte(webhookAttempts.number, asked)))
      .orderBy(desc(webhookAttempts.number))
      .limit(1);
    if (last?.endedAt) return null;
    if (last) await tx.update(webhookAttempts).set({ endedAt: new Date(), error: 'interrupted' }).where(eq(webhookAttempts.id, last.id));
    const number = last ? last.number + 1 : asked;
    const started = await tx
      .insert(webhookAttempts)
      .values({ messageId, number })
      .onConflictDoNothing()
      .returning({ id: webhookAttempts.id });
    return started.length > 0 ? number : null;
  });
}

/**
 * Standard Webhooks' headers of a try, signed with the endpoint's secrets; none for a chat notice, which a chat app
 * takes as it is (it checks no signature, and the message has no secret).
 */
async function signedHeaders(
  config: JobDeps['config'],
  endpoint: EndpointRow,
  message: MessageRow,
  now: Date,
): Promise<Record<string, string>> {
  if (!endpoint.secret) return {};
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signatureHeader(await signingSecretsOf(config, endpoint, endpoint.secret, now), message.id, now, message.payload),
  };
}

/** The endpoint's secrets in clear: the current one, and a rotated one while its overlap lasts. */
async function signingSecretsOf(config: JobDeps['config'], endpoint: EndpointRow, secret: string, now: Date): Promise<string[]> {
  const current = await openSigningSecret(config, secret);
  const overlapping = endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now;
  return overlapping ? [current, await openSigningSecret(config, endpoint.previousSecret!)] : [current];
}

/**
 * The try's outcome, in one transaction: the delivery log's row, the message's status, the endpoint's health, and on
 * a failure the next try (queued with the message's new state, so neither exists without the other).
 */
async function recordOutcome(deps: JobDeps, message: MessageRow, endpoint: EndpointRow, number: number, outcome: PostOutcome) {
  await inTransaction(deps.db, async (tx, client) => {
    const now = clock.now();
    await tx
      .update(webhookAttempts)
      .set({
        endedAt: now,
        responseStatus: outcome.status,
        responseExcerpt: outcome.excerpt,
        error: outcome.error,
        durationMs: outcome.durationMs,
      })
      .where(and(eq(webhookAttempts.messageId, message.id), eq(webhookAttempts.number, number)));
    if (outcome.delivered) {
      await tx.update(webhookMessages).set({ status: 'delivered', nextTryAt: null }).where(eq(webhookMessages.id, message.id));
      await markEndpointHealthy(tx, endpoint.id);
      return;
    }
    const disabled = await markEndpointFailing({ tx, client, queue: deps.queue, config: deps.config }, endpoint.id, now);
    const next = disabled ? null : nextTryAt(number, deps.config.faxClockScale, now);
    await tx
      .update(webhookMessages)
      .set({ status: next ? 'pending' : 'failed', nextTryAt: next })
      .where(eq(webhookMessages.id, message.id));
    if (next)
      await deps.queue.send(
        webhooksDeliverJob,
        { messageId: message.id, attempt: number + 1 },
        { transaction: client, startAfter: next, dedupeKey: `${message.id}:${number + 1}` },
      );
  });
}
