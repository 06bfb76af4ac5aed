import { WEBHOOK_LOG_LENGTH, WEBHOOK_TEST_EVENT, type TWebhookMessage, type TWebhookMessagesResponse } from '@faxline/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import type { Queue } from '../platform/queue/define-job';
import { webhooksDeliverJob } from './deliver-job';
import { endpointOfAccount } from './endpoints';
import { testPayloadFor } from './payload';
import { webhookAttempts, webhookMessages } from './schema';
import { clock } from '../platform/clock';

type MessageRow = typeof webhookMessages.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;
type MessageDeps = { db: Database; queue: Queue; config: Pick<TConfig, 'publicUrl'> };

function toPublicMessage(row: MessageRow, attempts: AttemptRow[]): TWebhookMessage {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    nextTryAt: row.nextTryAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    attempts: attempts.map((attempt) => ({
      number: attempt.number,
      startedAt: attempt.startedAt.toISOString(),
      endedAt: attempt.endedAt?.toISOString() ?? null,
      responseStatus: attempt.responseStatus,
      responseExcerpt: attempt.responseExcerpt,
      error: attempt.error,
      durationMs: attempt.durationMs,
    })),
  };
}

/** The endpoint's delivery log: its latest messages, newest first, each with all its tries in order. */
export async function listWebhookMessages(db: Database, accountId: string, endpointId: string): Promise<TWebhookMessagesResponse> {
  const endpoint = await endpointOfAccount(db, accountId, endpointId);
  const messages = await db
    .select()
    .from(webhookMessages)
    .where(eq(webhookMessages.endpointId, endpoint.id))
    .orderBy(desc(webhookMessages.createdAt), desc(webhookMessages.id))
    .limit(WEBHOOK_LOG_LENGTH);
  const attempts =
    messages.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.messageId,
              messages.map((message) => message.id),
            ),
          )
          .orderBy(asc(webhookAttempts.number));
  return {
    messages: messages.map((message) =>
      toPublicMessage(
        message,
        attempts.filter((a) => a.messageId === message.id),
      ),
    ),
  };
}

/** An endpoint that is off takes nothing, not even what a person sends by hand: enable it first. */
function refuseDisabled(endpoint: { enabled: boolean }) {
  if (!endpoint.enabled) throw new AppError('conflict', 'errors.webhookEndpointDisabled');
}

/** "Send test event": a small message of its own type (no fax event) in the endpoint's format, its first try queued at once. */
export async function sendTestEvent({ db, queue, config }: MessageDeps, accountId: string, endpointId: string): Promise<TWebhookMessage> {
  return inTransaction(db, async (tx, client) => {
    const endpoint = await endpointOfAccount(tx, accountId, endpointId);
    refuseDisabled(endpoint);
    const now = clock.now();
    const payload = await testPayloadFor({ db: tx, publicUrl: config.publicUrl }, endpoint, now);
    const [message] = await tx
      .insert(webhookMessages)
      .values({ endpointId: endpoint.id, eventId: null, type: WEBHOOK_TEST_EVENT, payload, nextTryAt: now })
      .returning();
    await queue.send(webhooksDeliverJob, { messageId: message!.id, attempt: 1 }, { transaction: client, dedupeKey: `${message!.id}:1` });
    return toPublicMessage(message!, []);
  });
}

/**
 * "Send again": a new try of the message now, with the next number, whatever its status (a delivered one included).
 * A try already due for it later finds this one done and does nothing; if this one fails, the schedule goes on from it.
 */
export async function sendMessageAgain(
  { db, queue }: MessageDeps,
  accountId: string,
  endpointId: string,
  messageId: string,
): Promise<TWebhookMessage> {
  return inTransaction(db, async (tx, client) => {
    const endpoint = await endpointOfAccount(tx, accountId, endpointId);
    // Locked: two presses at once see the same tries, give the same number, and queue one try between them.
    const [message] = await tx
      .select()
      .from(webhookMessages)
      .where(and(eq(webhookMessages.id, messageId), eq(webhookMessages.endpointId, endpoint.id)))
      .for('update');
    if (!message) throw new AppError('not_found', 'errors.webhookMessageNotFound');
    refuseDisabled(endpoint);
    const attempts = await tx
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.messageId, message.id))
      .orderBy(asc(webhookAttempts.number));
    const number = (attempts.at(-1)?.number ?? 0) + 1;
    const [updated] = await tx
      .update(webhookMessages)
      .set({ status: 'pending', nextTryAt: clock.now() })
      .where(eq(webhookMessages.id, message.id))
      .returning();
    await queue.send(
      webhooksDeliverJob,
      { messageId: message.id, attempt: number },
      { transaction: client, dedupeKey: `${message.id}:${number}:again` },
    );
    return toPublicMessage(updated!, attempts);
  });
}
