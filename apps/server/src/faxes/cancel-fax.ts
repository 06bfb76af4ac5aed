import { CANCELABLE_FAX_STATUSES, type TLanguage } from '@faxline/shared';
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import type { SqlExecutor } from '../platform/db/notifications';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import { translator } from '../platform/i18n/i18n';
import { chargeDeliveredPages, pagesConfirmedBefore, type AttemptDeps } from './end-attempt';
import { accessibleFax, auditFax, type FaxActor, type FaxRow } from './fax-access';
import { faxes } from './schema';

export type CancelDeps = Pick<AttemptDeps, 'db' | 'queue' | 'config'>;

/**
 * Cancels a sent fax before it converts, or while it waits for its next try (shared `mayCancelFax`), in one statement:
 * a try that begins at the same moment either finds it canceled and does not call, or has cleared `next_try_at` first
 * and the cancel is refused (transmit-fax.ts). Its reason is said in the sender's language. A fax whose earlier tries
 * got pages through is not "canceled": those pages reached the recipient, so it ends partly delivered, charged for
 * them, its message saying the sender stopped it.
 */
export async function cancelFax(deps: CancelDeps, actor: FaxActor, id: string): Promise<FaxRow> {
  const fax = await accessibleFax(deps.db, actor, id, 'fax.cancel');
  const canceled = await inTransaction(deps.db, async (tx, client) => {
    const stopped = await endWaitingPartialFax(deps, tx, client, fax.id, (fax.language as TLanguage) ?? 'en');
    if (stopped) return stopped;
    const t = translator((fax.language as TLanguage) ?? 'en');
    const [row] = await tx
      .update(faxes)
      .set(canceledBySender(t('faxes.canceled')))
      .where(and(eq(faxes.id, fax.id), eq(faxes.direction, 'outbound'), stillCancelable))
      .returning();
    return row;
  });
  await auditFax(deps.db, actor, 'fax.cancel', fax.id, canceled ? 'success' : 'failure');
  if (!canceled) throw new AppError('conflict', 'errors.cannotCancel');
  return canceled;
}

/** What a fax stopped by its sender becomes: canceled, with the reason said in the sender's language. */
export const canceledBySender = (message: string) => ({
  status: 'canceled' as const,
  failureReason: 'canceled' as const,
  failureMessage: message,
  completedAt: new Date(),
  updatedAt: new Date(),
  nextTryAt: null,
  retryReason: null,
});

/** The faxes a sender may still stop: before they convert, or while they wait for their next try (`mayCancelFax`). */
export const stillCancelable = or(
  inArray(faxes.status, [...CANCELABLE_FAX_STATUSES]),
  and(eq(faxes.status, 'sending'), isNotNull(faxes.nextTryAt)),
);

/**
 * A fax waiting for its next try after pages got through, stopped by its sender: it ends partly delivered with the
 * pages confirmed (charged in this transaction), in one statement that a try beginning at the same moment cannot
 * cross (it needs `next_try_at`). Undefined when the fax is not waiting or no page got through.
 */
export async function endWaitingPartialFax(
  deps: Pick<CancelDeps, 'queue' | 'config'>,
  tx: Database,
  client: SqlExecutor,
  faxId: string,
  language: TLanguage,
): Promise<FaxRow | undefined> {
  const confirmed = await pagesConfirmedBefore(tx, faxId);
  if (confirmed === 0) return undefined;
  const [{ pages } = { pages: null }] = await tx.select({ pages: faxes.pages }).from(faxes).where(eq(faxes.id, faxId));
  const [row] = await tx
    .update(faxes)
    .set({
      status: 'partially_delivered',
      failureReason: 'partial',
      failureMessage: translator(language)('faxes.canceledAfterPages', { pages: confirmed, total: pages ?? confirmed }),
      pagesSent: confirmed,
      completedAt: new Date(),
      updatedAt: new Date(),
      nextTryAt: null,
      retryReason: null,
    })
    .where(and(eq(faxes.id, faxId), eq(faxes.direction, 'outbound'), eq(faxes.status, 'sending'), isNotNull(faxes.nextTryAt)))
    .returning();
  if (row) await chargeDeliveredPages(deps, tx, client, faxId);
  return row;
}
