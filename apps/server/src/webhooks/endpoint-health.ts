import { WEBHOOK_DISABLE_AFTER_SECONDS } from '@faxline/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { sendEmailJob } from '../email/send-email-job';
import { recordPlatformEvent } from '../events/platform-events';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import type { SqlExecutor } from '../platform/db/notifications';
import type { Queue } from '../platform/queue/define-job';
import { endpointDisabledEmail } from './disabled-email';
import { failedTooLong } from './retry-schedule';
import { webhookEndpoints } from './schema';

/** What the endpoint's list shows for an endpoint Faxline disabled (the owner's e-mail says the same in their language). */
export const DISABLED_FOR_FAILURES = `Every delivery failed for ${WEBHOOK_DISABLE_AFTER_SECONDS / 86_400} days`;

/** A delivery went through: the endpoint is healthy again. */
export async function markEndpointHealthy(tx: Database, endpointId: string): Promise<void> {
  await tx
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(and(eq(webhookEndpoints.id, endpointId), isNotNull(webhookEndpoints.failingSince)));
}

/**
 * A delivery failed: the endpoint is failing since now, unless it already was. One that has failed too long is disabled
 * (no new messages, pending tries stop), the back office hears of it and the account's owner is e-mailed, all in the
 * caller's transaction, so that a job run again after a crash neither misses nor repeats them. Returns whether the
 * endpoint was disabled now.
 */
export async function markEndpointFailing(
  deps: { tx: Database; client: SqlExecutor; queue: Queue; config: Pick<TConfig, 'faxClockScale' | 'publicUrl'> },
  endpointId: string,
  now: Date,
): Promise<boolean> {
  const { tx } = deps;
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  if (!endpoint?.enabled || !endpoint.failingSince || !failedTooLong(endpoint.failingSince, deps.config.faxClockScale, now)) return false;

  await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: DISABLED_FOR_FAILURES, updatedAt: now })
    .where(eq(webhookEndpoints.id, endpointId));
  // One event per failing period: an endpoint enabled again and disabled again later is told of again.
  const isNew = await recordPlatformEvent(tx, {
    type: 'webhook.disabled',
    subjectId: `${endpoint.id}@${endpoint.failingSince.toISOString()}`,
    accountId: endpoint.accountId,
    details: { endpointId: endpoint.id, url: endpoint.url, failingSince: endpoint.failingSince.toISOString() },
  });
  if (!isNew) return true;
  const email = await endpointDisabledEmail(tx, {
    accountId: endpoint.accountId,
    url: endpoint.url,
    failingSince: endpoint.failingSince,
    publicUrl: deps.config.publicUrl,
  });
  if (email) await deps.queue.send(sendEmailJob, email, { transaction: deps.client });
  return true;
}
