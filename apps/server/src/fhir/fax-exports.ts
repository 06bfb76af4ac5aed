import type { TFaxFhirExports, TFhirExport } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import { accessibleFax, auditFax, type FaxActor } from '../faxes/fax-access';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import type { Queue } from '../platform/queue/define-job';
import { fhirConnectionOf } from './connections';
import { queueFirstTry } from './export-fax';
import { fhirExports } from './schema';

/** The audit action of a member's "Send to EHR": who asked, on the fax's timeline, before the tries' own rows. */
export const FHIR_EXPORT_REQUEST_ACTION = 'fax.fhir_export_request';

function describeExport(row: typeof fhirExports.$inferSelect): TFhirExport {
  return {
    status: row.status,
    resourceId: row.resourceId,
    patientReference: row.patientReference,
    patientToReview: row.status === 'sent' && row.patientReference === null,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

async function exportsOf(
  db: Database,
  accountId: string,
  faxId: string,
  direction: string,
  documentKey: string | null,
): Promise<TFaxFhirExports> {
  const rows = await db.select().from(fhirExports).where(eq(fhirExports.faxId, faxId));
  const connection = await fhirConnectionOf(db, accountId);
  return { exports: rows.map(describeExport), canSend: Boolean(connection?.enabled) && direction === 'inbound' && documentKey !== null };
}

/** A fax's export, for its details, to whoever may see the fax (faxes/fax-access.ts; otherwise 404). */
export async function fhirExportsOfFax(db: Database, actor: FaxActor, faxId: string): Promise<TFaxFhirExports> {
  const fax = await accessibleFax(db, actor, faxId, 'fax.view');
  return exportsOf(db, fax.accountId, fax.id, fax.direction, fax.documentKey);
}

/**
 * "Send to EHR": a received fax the member may see goes to the account's FHIR server; a failed export is tried again
 * from its first try, one pending or sent is left as it is (one DocumentReference per fax). Audited.
 */
export async function requestFhirExport(deps: { db: Database; queue: Queue }, actor: FaxActor, faxId: string): Promise<TFaxFhirExports> {
  const { db, queue } = deps;
  const fax = await accessibleFax(db, actor, faxId, FHIR_EXPORT_REQUEST_ACTION);
  if (fax.direction !== 'inbound' || !fax.documentKey) {
    await auditFax(db, actor, FHIR_EXPORT_REQUEST_ACTION, fax.id, 'failure', { error: 'not a received fax with its document' });
    throw new AppError('unprocessable', 'fhir.faxNotExportable');
  }
  const connection = await fhirConnectionOf(db, fax.accountId);
  if (!connection) throw new AppError('unprocessable', 'fhir.notConnected');
  if (!connection.enabled) throw new AppError('unprocessable', 'fhir.connectionDisabled');
  await inTransaction(db, async (tx, client) => {
    const [made] = await tx
      .insert(fhirExports)
      .values({ faxId: fax.id, accountId: fax.accountId })
      .onConflictDoNothing({ target: fhirExports.faxId })
      .returning({ id: fhirExports.id });
    const [reopened] = made
      ? []
      : await tx
          .update(fhirExports)
          .set({ status: 'pending', attempts: 0, updatedAt: clock.now() })
          .where(and(eq(fhirExports.faxId, fax.id), eq(fhirExports.status, 'failed')))
          .returning({ id: fhirExports.id });
    const opened = made ?? reopened;
    if (opened) await queueFirstTry(queue, client, opened.id);
    await auditFax(tx, actor, FHIR_EXPORT_REQUEST_ACTION, fax.id, 'success', { queued: Boolean(opened) });
  });
  return exportsOf(db, fax.accountId, fax.id, fax.direction, fax.documentKey);
}
