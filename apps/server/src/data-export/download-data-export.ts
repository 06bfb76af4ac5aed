import type { Readable } from 'node:stream';
import type { Actor } from '../accounts/actor';
import { auditedBy } from '../accounts/actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import type { FileStore } from '../platform/files/encrypted-file-store';
import { AppError } from '../platform/http/app-error';
import { dataExportOf } from './data-exports';

/**
 * The ZIP of a finished export of the owner's own account, decrypted as it streams, audited. Another account's export,
 * one not finished or one whose days are over is not found (and the try is audited as denied).
 */
export async function downloadDataExport(
  deps: { db: Database; files: FileStore },
  actor: Actor,
  exportId: string,
): Promise<{ stream: Readable; name: string; size: number | null }> {
  const row = await dataExportOf(deps.db, actor.member.accountId, exportId);
  const available = row?.status === 'ready' && row.fileKey && row.expiresAt && row.expiresAt > clock.now();
  await recordAuditEvent(deps.db, {
    ...auditedBy(actor),
    action: 'data_export.downloaded',
    objectType: 'data_export',
    objectId: exportId,
    outcome: available ? 'success' : 'denied',
  });
  if (!available) throw new AppError('not_found', 'errors.notFound');
  return {
    stream: await deps.files.getStream(row.fileKey!),
    name: `faxline-export-${row.requestedAt.toISOString().slice(0, 10)}.zip`,
    size: row.sizeBytes,
  };
}
