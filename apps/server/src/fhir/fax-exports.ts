import { FHIR_EXPORT_RETRY_DELAYS_SECONDS, type TFaxFhirExports, type TFhirExport } from '@faxline/shared';
import { and, eq, lt } from 'drizzle-orm';
import { accessibleFax, auditFax, type FaxActor } from '../faxes/fax-access';
import { clock } from '../platform/clock';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import type { Queue } from '../platform/queue/define-job';
import { fhirConnectionOf } from './connections';
import { FHIR_EXPORT_JOB, queueFirstTry } from './export-fax';
import { fhirExports } from './schema';

/** A pending export unchanged for longer than the longest wait between tries, and an hour more, lost its tries. */
const STALE_PENDING_SECONDS = Math.max(...FHIR_EXPORT_RETRY_DELAYS_SECONDS) + 3600;

/** The audit action of a member's "Send to EHR": who asked, on the fax's timeline, before the tries' own rows. */
export const FHIR_EXPORT_REQUEST_ACTION = 'fax.fhir_export_request';

/** When a pending export changed last for it to count as stalled: before this, by the clock's scale. */
const staleBefore = (config: ScaleConfig) => new Date(clock.now().getTime() - STALE_PENDING_SECONDS * 1000 * config.faxClockScale);
type ScaleConfig = Pick<TConfig, 'faxClockScale'>;

function describeExport(row: typeof fhirExports.$inferSelect, config: ScaleConfig): TFhirExport {
  return {
    status: row.status,
    stalled: row.status === 'pending' && row.updatedAt < staleBefore(config),
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
  { db, config }: { db: Database; config: ScaleConfig },
  fax: { accountId: string; id: string; direction: string; documentKey: string | null },
): Promise<TFaxFhirExports> {
  const { accountId, id: faxId, direction, documentKey } = fax;
  const rows = await db.select().from(fhirExports).where(eq(fhirExports.faxId, faxId));
  const connection = await fhirConnectionOf(db, accountId);
  return {
    exports: rows.map((row) => describeExport(row, config)),
    canSend: Boolean(connection?.enabled) && direction === 'inbound' && documentKey !== null,
  };
}

/** A fax's export, for its details, to whoever may see the fax (faxes/fax-access.ts; otherwise 404). */
export async function fhirExportsOfFax(
  deps: { db: Database; config: ScaleConfig },
  actor: FaxActor,
  faxId: string,
): Promise<TFaxFhirExports> {
  const fax = await accessibleFax(deps.db, actor, faxId, 'fax.view');
  return exportsOf(deps, fax);
}

/**
 * "Send to EHR": a received fax the member may see goes to the account's FHIR server; a failed export is tried again
 * from its first try, a pending one whose tries were lost goes on, one pending or sent is left as it is (one
 * DocumentReference per fax). Audited.
 */
export async function requestFhirExport(
  deps: { db: Database; queue: Queue; config: ScaleConfig },
  actor: FaxActor,
  faxId: string,
): Promise<TFaxFhirExports> {
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
    const now = clock.now();
    const [reopened] = made
      ? []
      : await tx
          .update(fhirExports)
          .set({ status: 'pending', attempts: 0, updatedAt: now })
          .where(and(eq(fhirExports.faxId, fax.id), eq(fhirExports.status, 'failed')))
          .returning({ id: fhirExports.id });
    // A pending export not heard of for longer than any wait between tries has lost its chain of tries (one
    // dead-lettered by the queue): it goes on from its next try, so that a late run of the lost one finds it made.
    const [resumed] =
      made || reopened
        ? []
        : await tx
            .update(fhirExports)
            .set({ updatedAt: now })
            .where(
              and(eq(fhirExports.faxId, fax.id), eq(fhirExports.status, 'pending'), lt(fhirExports.updatedAt, staleBefore(deps.config))),
            )
            .returning({ id: fhirExports.id, attempts: fhirExports.attempts });
    const opened = made ?? reopened;
    if (opened) await queueFirstTry(queue, client, opened.id);
    if (resumed) await queue.send(FHIR_EXPORT_JOB, { exportId: resumed.id, attempt: resumed.attempts + 1 }, { transaction: client });
    await auditFax(tx, actor, FHIR_EXPORT_REQUEST_ACTION, fax.id, 'success', { queued: Boolean(opened ?? resumed) });
  });
  return exportsOf(deps, fax);
}
