import { CANCELABLE_FAX_STATUSES, type TLanguage } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { translator } from '../platform/i18n/i18n';
import { accessibleFax, auditFax, type FaxActor, type FaxRow } from './fax-access';
import { moveFax } from './fax-state';
import { faxes } from './schema';

/** Cancels a fax that has not been dialled for the last time; its reason is said in the sender's language. */
export async function cancelFax(db: Database, actor: FaxActor, id: string): Promise<FaxRow> {
  const fax = await accessibleFax(db, actor, id, 'fax.cancel');
  const t = translator((fax.language as TLanguage) ?? 'en');
  const canceled = await moveFax(db, fax.id, CANCELABLE_FAX_STATUSES, 'canceled', {
    failureReason: 'canceled',
    failureMessage: t('faxes.canceled'),
    completedAt: new Date(),
  });
  await auditFax(db, actor, 'fax.cancel', fax.id, canceled ? 'success' : 'failure');
  if (!canceled) throw new AppError('conflict', 'errors.cannotCancel', { status: fax.status });
  const [row] = await db.select().from(faxes).where(eq(faxes.id, fax.id));
  return row!;
}
