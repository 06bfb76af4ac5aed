import { CANCELABLE_FAX_STATUSES, type TLanguage } from '@faxline/shared';
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { translator } from '../platform/i18n/i18n';
import { accessibleFax, auditFax, type FaxActor, type FaxRow } from './fax-access';
import { faxes } from './schema';

/**
 * Cancels a sent fax before it converts, or while it waits for its next try (shared `mayCancelFax`), in one statement:
 * a try that begins at the same moment either finds it canceled and does not call, or has cleared `next_try_at` first
 * and the cancel is refused (transmit-fax.ts). Its reason is said in the sender's language.
 */
export async function cancelFax(db: Database, actor: FaxActor, id: string): Promise<FaxRow> {
  const fax = await accessibleFax(db, actor, id, 'fax.cancel');
  const t = translator((fax.language as TLanguage) ?? 'en');
  const [canceled] = await db
    .update(faxes)
    .set({
      status: 'canceled',
      failureReason: 'canceled',
      failureMessage: t('faxes.canceled'),
      completedAt: new Date(),
      updatedAt: new Date(),
      nextTryAt: null,
      retryReason: null,
    })
    .where(
      and(
        eq(faxes.id, fax.id),
        eq(faxes.direction, 'outbound'),
        or(inArray(faxes.status, [...CANCELABLE_FAX_STATUSES]), and(eq(faxes.status, 'sending'), isNotNull(faxes.nextTryAt))),
      ),
    )
    .returning();
  await auditFax(db, actor, 'fax.cancel', fax.id, canceled ? 'success' : 'failure');
  if (!canceled) throw new AppError('conflict', 'errors.cannotCancel');
  return canceled;
}
