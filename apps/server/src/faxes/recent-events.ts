import { FINAL_FAX_STATUSES, type TFaxEvent } from '@faxline/shared';
import { and, desc, gte, inArray, or, eq } from 'drizzle-orm';
import type { Membership } from '../accounts/membership';
import type { Database } from '../platform/db/client';
import { visibleTo } from './list-faxes';
import { faxes } from './schema';

const EVENT_WINDOW_DAYS = 30;
const MAX_EVENTS = 20;

/**
 * The header's notifications (issue 6): faxes this member may see that reached an end (delivered, failed, cancelled)
 * or arrived, newest first. A fax's last change is its event, so the list needs no table of its own.
 */
export async function recentFaxEvents(db: Database, member: Membership, userId: string, now = new Date()): Promise<TFaxEvent[]> {
  const since = new Date(now.getTime() - EVENT_WINDOW_DAYS * 86_400_000);
  const rows = await db
    .select()
    .from(faxes)
    .where(
      and(
        visibleTo(member, userId),
        gte(faxes.updatedAt, since),
        or(eq(faxes.direction, 'inbound'), inArray(faxes.status, FINAL_FAX_STATUSES)),
      ),
    )
    .orderBy(desc(faxes.updatedAt))
    .limit(MAX_EVENTS);
  return rows.map((fax) => ({
    faxId: fax.id,
    direction: fax.direction,
    status: fax.status,
    counterpart: fax.direction === 'inbound' ? (fax.senderName ?? fax.fromNumber) : (fax.recipientName ?? fax.toNumber),
    unread: fax.direction === 'inbound' && !fax.readAt,
    occurredAt: (fax.completedAt ?? fax.updatedAt).toISOString(),
  }));
}
