import { isInFlightFaxStatus } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import type { FileStore } from '../platform/files/encrypted-file-store';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { accessibleFax, auditFax, type FaxActor, type FaxRow } from './fax-access';
import { storedFilesOf } from './stored-files';
import { faxes } from './schema';

/** Whether a legal hold keeps the fax: asked of retention/, above faxes/ (decision 108), through the route deps. */
export type FaxOnHold = (fax: Pick<FaxRow, 'id' | 'accountId' | 'fromNumber' | 'toNumber'>) => Promise<boolean>;

/** Deletes a fax that is not in flight nor on legal hold, with every file kept for it. */
export async function deleteFax(
  deps: { db: Database; files: FileStore; faxOnHold: FaxOnHold },
  actor: FaxActor,
  id: string,
): Promise<void> {
  const { db } = deps;
  const fax = await accessibleFax(db, actor, id, 'fax.delete');
  if (await deps.faxOnHold(fax)) {
    await auditFax(db, actor, 'fax.delete', fax.id, 'failure', { legalHold: true });
    throw new AppError('conflict', 'errors.faxOnLegalHold');
  }
  if (isInFlightFaxStatus(fax.status)) {
    await auditFax(db, actor, 'fax.delete', fax.id, 'failure');
    throw new AppError('conflict', 'errors.cannotDelete');
  }
  const keys = await storedFilesOf(db, [fax.id]);
  await db.delete(faxes).where(eq(faxes.id, fax.id));
  await Promise.all(keys.map((key) => deps.files.remove(key)));
  await auditFax(db, actor, 'fax.delete', fax.id, 'success');
}
