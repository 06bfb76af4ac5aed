import { NOTIFICATIONS_LIMIT, NOTIFICATIONS_UNREAD_CAP, NOTIFICATIONS_UNREAD_DAYS, type TNotification } from '@faxline/shared';
import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import { mayUseFaxes } from '../accounts/membership';
import type { Database } from '../platform/db/client';
import type { BellReader } from './fax-bells';
import { accountNotices } from './schema';

const DAY_MS = 86_400_000;

/**
 * Tells the account's members who may decide it that an agent's fax waits for approval (decision 135): called in the
 * transaction that holds the send, so that the bell and the queue never disagree.
 */
export async function noticeAgentFaxWaiting(
  tx: Database,
  fax: { accountId: string; agentFaxId: string; agentName: string; recipients: readonly string[] },
): Promise<void> {
  await tx.insert(accountNotices).values({
    accountId: fax.accountId,
    type: 'agent_fax.waiting',
    objectId: fax.agentFaxId,
    details: { agentName: fax.agentName, number: fax.recipients[0] ?? '', recipients: Math.max(1, fax.recipients.length) },
  });
}

/** The notices about a thing someone has dealt with (an agent's fax approved or denied): no longer news to anyone. */
export async function resolveNoticesOf(tx: Database, objectId: string): Promise<void> {
  await tx
    .update(accountNotices)
    .set({ resolvedAt: new Date() })
    .where(and(eq(accountNotices.objectId, objectId), isNull(accountNotices.resolvedAt)));
}

const windowStart = (now: Date) => new Date(now.getTime() - NOTIFICATIONS_UNREAD_DAYS * DAY_MS);

/** How many of the account's notices wait, within the bell's days, for a person who may decide them (up to the cap). */
export async function countWaitingNotices(db: Database, reader: BellReader, now: Date): Promise<number> {
  if (!mayUseFaxes(reader.member)) return 0;
  const waiting = await db
    .select({ id: accountNotices.id })
    .from(accountNotices)
    .where(
      and(
        eq(accountNotices.accountId, reader.member.accountId),
        isNull(accountNotices.resolvedAt),
        gte(accountNotices.createdAt, windowStart(now)),
      ),
    )
    .limit(NOTIFICATIONS_UNREAD_CAP);
  return waiting.length;
}

/**
 * The bell's notices for this person: those of the account's waiting agent faxes, to a member who may decide them
 * (useFaxes, as the queue asks); unread while they wait, within the bell's days, as a fax event.
 */
export async function accountNoticesFor(db: Database, reader: BellReader, now: Date): Promise<{ items: TNotification[]; unread: number }> {
  if (!mayUseFaxes(reader.member)) return { items: [], unread: 0 };
  const since = windowStart(now);
  const [rows, unread] = await Promise.all([
    db
      .select()
      .from(accountNotices)
      .where(eq(accountNotices.accountId, reader.member.accountId))
      .orderBy(desc(accountNotices.createdAt))
      .limit(NOTIFICATIONS_LIMIT),
    countWaitingNotices(db, reader, now),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      type: row.type,
      agentFaxId: row.objectId,
      createdAt: row.createdAt.toISOString(),
      read: row.resolvedAt !== null || row.createdAt < since,
      agentName: row.details.agentName,
      number: row.details.number,
      recipients: row.details.recipients,
    })),
    unread,
  };
}
