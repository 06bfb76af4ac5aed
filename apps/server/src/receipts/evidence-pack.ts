import { createHash, createPublicKey } from 'node:crypto';
import { hasTransmissionReport, type TLanguage, webPaths } from '@faxline/shared';
import { auditTrailOf } from '../audit/record-audit-event';
import { peopleNamed } from '../auth/people';
import { accessibleFax, auditFax, type FaxActor } from '../faxes/fax-access';
import { assertContentKept } from '../faxes/get-fax';
import { AppError } from '../platform/http/app-error';
import { deliveryRecord } from './delivery-facts';
import { evidencePackPdf } from './evidence-pack-pdf';
import { keptReceipt, type ReceiptDeps } from './issue-receipt';
import { receiptSigningKey } from './receipt-key';
import { signReceipt } from './receipt-signature';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * A delivered (or partly delivered) fax's evidence pack (decision 123), for whoever may download its transmission
 * report, on the same checks: the fax visible to them, its content still kept, a delivery the line confirmed. Made at
 * each download, since the audit trail it holds grows (this download is its next entry); signed like the report, so
 * that `npm run receipt:verify` and /verify-receipt check it. Every download is in the audit trail.
 */
export async function downloadEvidencePack(deps: ReceiptDeps, actor: FaxActor, id: string): Promise<{ pdf: Uint8Array; name: string }> {
  const fax = await accessibleFax(deps.db, actor, id, 'fax.download');
  assertContentKept(fax);
  if (!hasTransmissionReport(fax) || !fax.imageKey) throw new AppError('not_found', 'errors.receiptNotFound');
  const [report, record, key, settings, trail] = await Promise.all([
    keptReceipt(deps, fax),
    deliveryRecord(deps, fax, 'evidence_pack'),
    receiptSigningKey(deps.systemSettings),
    deps.systemSettings.current(),
    auditTrailOf(deps.db, 'fax', fax.id, []),
  ]);
  const people = new Map(
    (await peopleNamed(deps.db, [...new Set(trail.flatMap((row) => (row.actorUserId ? [row.actorUserId] : [])))])).map(
      (person) => [person.id, `${person.name} <${person.email}>`] as const,
    ),
  );
  const pdf = await evidencePackPdf({
    record,
    quality: fax.quality,
    language: fax.language as TLanguage,
    siteName: settings.siteName,
    verifyUrl: `${deps.publicUrl}${webPaths.verifyReceipt.path}`,
    key: { id: key.id, fingerprint: sha256(createPublicKey(key.privateKey).export({ type: 'spki', format: 'der' })) },
    report: { bytes: report, sha256: sha256(report) },
    audit: trail.map((row) => ({
      at: row.at,
      action: row.action,
      outcome: row.outcome,
      actor: row.actorUserId ? (people.get(row.actorUserId) ?? row.actorUserId) : null,
      ip: row.ip,
      details: row.details,
    })),
  });
  const signed = await signReceipt(pdf, record.facts, key.privateKey);
  await auditFax(deps.db, actor, 'fax.download', fax.id, 'success', { file: 'evidence_pack' });
  return { pdf: signed, name: `fax-evidence-${fax.createdAt.toISOString().slice(0, 10)}-${fax.id.slice(0, 8)}.pdf` };
}
