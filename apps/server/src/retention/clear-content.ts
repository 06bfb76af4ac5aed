import type { TContentDeletionCause } from '@faxline/shared';
import { recordAuditEvent } from '../audit/record-audit-event';
import { contentFilesOf, faxForRetention, markContentDeleted } from '../faxes/fax-content';
import type { Database } from '../platform/db/client';
import type { FileStore } from '../platform/files/encrypted-file-store';
import { activeHoldsOf, holdsCovering } from './holds';

export type ClearDeps = { db: Database; files: FileStore };

/** What a deletion says in the fax's audit row: why, and under which period (retention) when one applied. */
export type ClearReason = { cause: TContentDeletionCause; days?: number | null };

/**
 * Deletes the content of one fax for good (decision 108): its files leave the file store first, then the row records
 * it, then one audit row on the fax says what went and why. Every step may be repeated: a run cut after the files went
 * finds the fax still marked as keeping content and removes nothing more before recording it (removing a missing
 * file succeeds in both backends). A fax on legal hold, in flight, or already cleared is left as it is. Returns
 * whether this call deleted it.
 */
export async function clearFaxContent(deps: ClearDeps, faxId: string, reason: ClearReason): Promise<boolean> {
  const fax = await faxForRetention(deps.db, faxId);
  if (!fax || fax.contentDeletedAt) return false;
  // Read at the last moment, so that a hold set while a run goes through the account keeps the fax it names.
  if (holdsCovering(await activeHoldsOf(deps.db, fax.accountId), fax).length > 0) return false;
  const keys = await contentFilesOf(deps.db, faxId);
  for (const key of keys) await deps.files.remove(key);
  if (!(await markContentDeleted(deps.db, faxId, keys, reason.cause))) return false;
  await recordAuditEvent(deps.db, {
    actorUserId: null,
    accountId: fax.accountId,
    ip: null,
    action: 'fax.content_deleted',
    objectType: 'fax',
    objectId: faxId,
    outcome: 'success',
    details: { cause: reason.cause, ...(reason.days !== undefined ? { days: reason.days } : {}), files: keys.length },
  });
  return true;
}
