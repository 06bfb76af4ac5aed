import { FHIR_EXPORT_RETRY_DELAYS_SECONDS, type TFhirExportOwnReason } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { recordAuditEvent } from '../audit/record-audit-event';
import { faxToExport } from '../faxes/fax-records';
import type { JobDeps } from '../job-deps';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import type { SqlExecutor } from '../platform/db/notifications';
import type { JobAddress, Queue } from '../platform/queue/define-job';
import { authorizationOf, fhirConnectionOf } from './connections';
import { binaryOf, documentReferenceOf, ifNoneExistOf, INLINE_PDF_MAX_BYTES, sha1Base64, type PdfPlace } from './document-reference';
import { callFhir, diagnosticsOf, FhirUnreachable, type FhirAnswer } from './fhir-http';
import { matchPatient } from './patient-match';
import { fhirExports } from './schema';
import { SmartTokenRefused } from './smart-backend';

/** The audit action of every try's end: the fax's timeline reads these rows. */
export const FHIR_EXPORT_ACTION = 'fax.fhir_export';
/** Tries of one export before it is failed: the first, and one after each wait. */
export const MAX_FHIR_EXPORT_TRIES = FHIR_EXPORT_RETRY_DELAYS_SECONDS.length + 1;

/** The export job, by name and payload (export-job.ts holds its handler): each try queues the next by this. */
export const ZFhirExportJob = z.object({ exportId: z.uuid(), attempt: z.number().int().min(1) });
export const FHIR_EXPORT_JOB: JobAddress<typeof ZFhirExportJob> = { name: 'fhir.export', schema: ZFhirExportJob };

type ExportRow = typeof fhirExports.$inferSelect;
type ExportDeps = Pick<JobDeps, 'db' | 'config' | 'files' | 'queue'>;

/** The server answered, and not with what was asked: a 4xx ends the export, a 5xx (or 408, 429) is tried again. */
class FhirAnswered extends Error {
  constructor(
    readonly answer: FhirAnswer,
    what: string,
  ) {
    super(`${what}: ${diagnosticsOf(answer)}`);
  }
}

const worthRetrying = (status: number) => status >= 500 || status === 408 || status === 429;

/** Whether a try's failure is the server's passing trouble (try again later) rather than a refusal. */
function isPassing(error: unknown): boolean {
  if (error instanceof FhirUnreachable) return true;
  if (error instanceof FhirAnswered || error instanceof SmartTokenRefused) return worthRetrying(error.answer.status);
  // Anything else (the file store, a bug) is ours: tried again too, never the end of a fax's export.
  return true;
}

/**
 * The first try of an export, queued in the transaction (`client`) that made its row or opened it again: that
 * statement's guard (a row inserted, a failed row reopened) is what keeps a try from being queued twice.
 */
export function queueFirstTry(queue: Queue, client: SqlExecutor, exportId: string) {
  return queue.send(FHIR_EXPORT_JOB, { exportId, attempt: 1 }, { transaction: client });
}

/**
 * One try of an export (idempotent: STYLE.md 11). The row's `attempts` counts the tries that ended, so a try cut short
 * by a dead worker runs again, and one that ended is not made twice. The DocumentReference is created on condition
 * that none has the fax's identifier (`If-None-Exist`): a try whose answer was lost creates nothing new. Each end
 * is written with its audit row, and a passing failure with the next try, in one transaction.
 */
export async function tryFhirExport(deps: ExportDeps, exportId: string, attempt: number): Promise<void> {
  const { db } = deps;
  const [row] = await db.select().from(fhirExports).where(eq(fhirExports.id, exportId));
  if (!row || row.status !== 'pending' || row.attempts >= attempt) return;
  const connection = await fhirConnectionOf(db, row.accountId);
  if (!connection?.enabled) {
    return endTry(deps, row, attempt, { failed: connection ? 'turned_off' : 'not_connected', final: true });
  }
  const fax = await faxToExport(db, row.faxId);
  if (!fax) return; // Deleted meanwhile: its export went with it.
  if (fax.direction !== 'inbound' || !fax.documentKey) return endTry(deps, row, attempt, { failed: 'no_document', final: true });

  try {
    const authorization = await authorizationOf(deps.config, connection);
    const fhir = (method: 'GET' | 'POST', path: string, resource?: object, headers: Record<string, string> = {}) =>
      callFhir(deps.config, {
        method,
        url: `${connection.baseUrl}/${path}`,
        headers: { authorization, ...(resource ? { 'content-type': 'application/fhir+json' } : {}), ...headers },
        ...(resource ? { body: JSON.stringify(resource) } : {}),
      });
    const patient = await matchPatient(
      async (query) => {
        const answer = await fhir('GET', `Patient?${query}`);
        if (worthRetrying(answer.status)) throw new FhirAnswered(answer, 'patient search');
        return answer;
      },
      fax.foundFields ?? [],
      fax.textLanguage,
    );
    const pdf = await deps.files.get(fax.documentKey);
    const place = await pdfPlaceOf(db, row, pdf, (binary) => fhir('POST', 'Binary', binary));
    const created = await fhir('POST', 'DocumentReference', documentReferenceOf(fax, patient.reference, place), {
      'if-none-exist': ifNoneExistOf(fax.id),
    });
    if (created.status !== 200 && created.status !== 201) throw new FhirAnswered(created, 'DocumentReference');
    const resourceId = createdIdOf(created, 'DocumentReference');
    if (!resourceId) throw new FhirAnswered(created, 'DocumentReference without an id');
    await endTry(deps, row, attempt, { resourceId, patientReference: patient.reference, patientSearch: patient.refused });
  } catch (error) {
    const words = error instanceof Error ? error.message : String(error);
    await endTry(deps, row, attempt, { failed: words.slice(0, 1_000), final: !isPassing(error) || attempt >= MAX_FHIR_EXPORT_TRIES });
  }
}

/** The PDF inside the resource when small; otherwise in a Binary, posted once per export and reused by its tries. */
async function pdfPlaceOf(
  db: Database,
  row: ExportRow,
  pdf: Uint8Array,
  postBinary: (binary: object) => Promise<FhirAnswer>,
): Promise<PdfPlace> {
  if (pdf.length <= INLINE_PDF_MAX_BYTES) return { data: pdf };
  let binaryId = row.binaryId;
  if (!binaryId) {
    const answer = await postBinary(binaryOf(pdf));
    binaryId = answer.status === 201 || answer.status === 200 ? createdIdOf(answer, 'Binary') : null;
    if (!binaryId) throw new FhirAnswered(answer, 'Binary');
    await db.update(fhirExports).set({ binaryId }).where(eq(fhirExports.id, row.id));
  }
  return { binaryUrl: `Binary/${binaryId}`, size: pdf.length, sha1: sha1Base64(pdf) };
}

/** The id of a created resource: in the body it returned, else in its Location (`…/Type/<id>/_history/<v>`). */
function createdIdOf(answer: FhirAnswer, type: string): string | null {
  const body = answer.json as { resourceType?: unknown; id?: unknown } | null;
  if (body?.resourceType === type && typeof body.id === 'string') return body.id;
  const found = answer.location ? new RegExp(`(?:^|/)${type}/([A-Za-z0-9.-]{1,64})(?:/_history/|$)`).exec(answer.location) : null;
  return found?.[1] ?? null;
}

/** How a try ended: created, or failed with a code of Faxline's own (FHIR_EXPORT_OWN_REASONS) or the server's words. */
type TryEnd =
  | { resourceId: string; patientReference: string | null; patientSearch: string | null }
  | { failed: TFhirExportOwnReason | (string & {}); final: boolean };

/** Writes a try's end, its audit row (the fax's timeline) and, when another try is due, that try: together. */
async function endTry(deps: ExportDeps, row: ExportRow, attempt: number, end: TryEnd): Promise<void> {
  const now = clock.now();
  await inTransaction(deps.db, async (tx, client) => {
    const audit = (outcome: 'success' | 'failure', details: Record<string, unknown>) =>
      recordAuditEvent(tx, {
        actorUserId: null,
        accountId: row.accountId,
        ip: null,
        action: FHIR_EXPORT_ACTION,
        objectType: 'fax',
        objectId: row.faxId,
        outcome,
        details,
      });
    const mine = and(eq(fhirExports.id, row.id), eq(fhirExports.status, 'pending'), eq(fhirExports.attempts, row.attempts));
    if ('resourceId' in end) {
      const [ended] = await tx
        .update(fhirExports)
        .set({
          status: 'sent',
          resourceId: end.resourceId,
          patientReference: end.patientReference,
          attempts: attempt,
          lastError: null,
          sentAt: now,
          updatedAt: now,
        })
        .where(mine)
        .returning({ id: fhirExports.id });
      if (!ended) return;
      await audit('success', {
        resourceId: `DocumentReference/${end.resourceId}`,
        attempt,
        patient: end.patientReference ?? 'to review',
        ...(end.patientSearch ? { patientSearch: end.patientSearch } : {}),
      });
      return;
    }
    const delay = FHIR_EXPORT_RETRY_DELAYS_SECONDS[attempt - 1];
    const again = !end.final && delay !== undefined;
    const [ended] = await tx
      .update(fhirExports)
      .set({ status: again ? 'pending' : 'failed', attempts: attempt, lastError: end.failed, updatedAt: now })
      .where(mine)
      .returning({ id: fhirExports.id });
    if (!ended) return;
    const nextTryAt = again ? new Date(now.getTime() + delay * 1000 * deps.config.faxClockScale) : null;
    await audit('failure', { error: end.failed, attempt, ...(nextTryAt ? { nextTryAt: nextTryAt.toISOString() } : { final: true }) });
    if (nextTryAt)
      await deps.queue.send(
        FHIR_EXPORT_JOB,
        { exportId: row.id, attempt: attempt + 1 },
        // The guard above (this row, at this count of tries) lets one run alone get here: no key needed.
        { transaction: client, startAfter: nextTryAt },
      );
  });
}
