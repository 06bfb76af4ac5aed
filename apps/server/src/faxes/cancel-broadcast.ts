import type { TLanguage } from '@faxline/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import { recordAuditEvent } from '../audit/record-audit-event';
import { auditedBy } from '../accounts/actor';
import { AppError } from '../platform/http/app-error';
import { inTransaction } from '../platform/db/transaction';
import { translator } from '../platform/i18n/i18n';
import { accessibleBroadcast } from './broadcast-view';
import { canceledBySender, endWaitingPartialFax, stillCancelable, type CancelDeps } from './cancel-fax';
import type { FaxActor } from './fax-access';
import { broadcasts, faxes } from './schema';

/**
 * Cancels a broadcast as a whole (decision 111): every one of its faxes that may still be stopped (before it converts,
 * or while it waits for its next try: the rule of cancel-fax.ts, in one statement) is canceled; the faxes on the line
 * or ended keep their course. A scheduled broadcast is thus canceled entirely. Refused when nothing could be stopped.
 */
export async function cancelBroadcast(deps: CancelDeps, actor: FaxActor, id: string, language: TLanguage): Promise<number> {
  const { db } = deps;
  const broadcast = await accessibleBroadcast(db, actor, id);
  const reason = translator(language)('faxes.canceled');
  const canceled = await inTransaction(db, async (tx, client) => {
    // Those waiting for a next try after pages got through end partly delivered (cancel-fax.ts), the rest canceled.
    const waiting = await tx
      .select({ id: faxes.id })
      .from(faxes)
      .where(and(eq(faxes.broadcastId, broadcast.id), eq(faxes.status, 'sending'), isNotNull(faxes.nextTryAt)));
    let stopped = 0;
    for (const fax of waiting) if (await endWaitingPartialFax(deps, tx, client, fax.id, language)) stopped += 1;
    const rows = await tx
      .update(faxes)
      .set(canceledBySender(reason))
      .where(and(eq(faxes.broadcastId, broadcast.id), stillCancelable))
      .returning({ id: faxes.id });
    const ended = stopped + rows.length;
    if (ended > 0) await tx.update(broadcasts).set({ canceledAt: new Date() }).where(eq(broadcasts.id, broadcast.id));
    await recordAuditEvent(tx, {
      ...auditedBy(actor, { faxes: ended }),
      action: 'broadcast.cancel',
      objectType: 'broadcast',
      objectId: broadcast.id,
      outcome: ended > 0 ? 'success' : 'failure',
    });
    return ended;
  });
  if (canceled === 0) throw new AppError('conflict', 'errors.broadcastNothingToCancel');
  return canceled;
}
