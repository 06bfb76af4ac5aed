import { CANCELABLE_FAX_STATUSES, type TLanguage } from '@faxline/shared';
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { recordAuditEvent } from '../audit/record-audit-event';
import { auditedBy } from '../accounts/actor';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { inTransaction } from '../platform/db/transaction';
import { translator } from '../platform/i18n/i18n';
import { accessibleBroadcast } from './broadcast-view';
import type { FaxActor } from './fax-access';
import { broadcasts, faxes } from './schema';

/**
 * Cancels a broadcast as a whole (decision 111): every one of its faxes that may still be stopped (before it converts,
 * or while it waits for its next try: the rule of cancel-fax.ts, in one statement) is canceled; the faxes on the line
 * or ended keep their course. A scheduled broadcast is thus canceled entirely. Refused when nothing could be stopped.
 */
export async function cancelBroadcast(db: Database, actor: FaxActor, id: string, language: TLanguage): Promise<number> {
  const broadcast = await accessibleBroadcast(db, actor, id);
  const reason = translator(language)('faxes.canceled');
  const canceled = await inTransaction(db, async (tx) => {
    const rows = await tx
      .update(faxes)
      .set({
        status: 'canceled',
        failureReason: 'canceled',
        failureMessage: reason,
        completedAt: new Date(),
        updatedAt: new Date(),
        nextTryAt: null,
        retryReason: null,
      })
      .where(
        and(
          eq(faxes.broadcastId, broadcast.id),
          or(inArray(faxes.status, [...CANCELABLE_FAX_STATUSES]), and(eq(faxes.status, 'sending'), isNotNull(faxes.nextTryAt))),
        ),
      )
      .returning({ id: faxes.id });
    if (rows.length > 0) await tx.update(broadcasts).set({ canceledAt: new Date() }).where(eq(broadcasts.id, broadcast.id));
    await recordAuditEvent(tx, {
      ...auditedBy(actor, { faxes: rows.length }),
      action: 'broadcast.cancel',
      objectType: 'broadcast',
      objectId: broadcast.id,
      outcome: rows.length > 0 ? 'success' : 'failure',
    });
    return rows.length;
  });
  if (canceled === 0) throw new AppError('conflict', 'errors.broadcastNothingToCancel');
  return canceled;
}
