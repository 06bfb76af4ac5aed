import { hasTransmissionReport, type TLanguage, webPaths } from '@faxline/shared';
import type { FileStore } from '../platform/files/encrypted-file-store';
import { accessibleFax, auditFax, type FaxActor, type FaxRow } from '../faxes/fax-access';
import { keepReceiptKey } from '../faxes/fax-records';
import { assertContentKept } from '../faxes/get-fax';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { SystemSettings } from '../system-settings/system-settings';
import { deliveryRecord } from './delivery-facts';
import { receiptSigningKey } from './receipt-key';
import { signReceipt } from './receipt-signature';
import { transmissionReportPdf } from './transmission-report';

export type ReceiptDeps = {
  db: Database;
  files: FileStore;
  systemSettings: Pick<SystemSettings, 'ownSecret' | 'current'>;
  publicUrl: string;
};

/**
 * A delivered fax's transmission report, signed: issued the first time it is asked for, then kept
 * with the fax (encrypted, like its documents), so that every download is the same report. Only a fax the line
 * delivered, in whole or in part, has one; every download is in the audit trail.
 */
export async function downloadReceipt(deps: ReceiptDeps, actor: FaxActor, id: string): Promise<{ pdf: Uint8Array; name: string }> {
  const fax = await accessibleFax(deps.db, actor, id, 'fax.download');
  // Its report shows the first page: it goes with the rest of the content (decision 108).
  assertContentKept(fax);
  if (!hasTransmissionReport(fax) || !fax.imageKey) throw new AppError('not_found', 'errors.receiptNotFound');
  const pdf = await keptReceipt(deps, fax);
  await auditFax(deps.db, actor, 'fax.download', fax.id, 'success', { file: 'receipt' });
  return { pdf, name: `fax-report-${fax.createdAt.toISOString().slice(0, 10)}-${fax.id.slice(0, 8)}.pdf` };
}

/** The fax's signed transmission report: the one kept with it, or issued now and kept (the evidence pack holds it too). */
export async function keptReceipt(deps: ReceiptDeps, fax: FaxRow): Promise<Uint8Array> {
  return fax.receiptKey ? deps.files.get(fax.receiptKey) : issueReceipt(deps, fax);
}

async function issueReceipt(deps: ReceiptDeps, fax: FaxRow): Promise<Uint8Array> {
  const { facts } = await deliveryRecord(deps, fax, 'transmission_report');
  const [key, settings, thumbnail] = await Promise.all([
    receiptSigningKey(deps.systemSettings),
    deps.systemSettings.current(),
    fax.thumbnailKey ? deps.files.get(fax.thumbnailKey) : null,
  ]);
  const pdf = await transmissionReportPdf({
    facts,
    thumbnailPng: thumbnail,
    language: fax.language as TLanguage,
    siteName: settings.siteName,
    verifyUrl: `${deps.publicUrl}${webPaths.verifyReceipt.path}`,
  });
  const signed = await signReceipt(pdf, facts, key.privateKey);
  // Kept once: a download at the same moment that issued its own keeps the first one's.
  const stored = await deps.files.put(signed);
  const keptKey = await keepReceiptKey(deps.db, fax.id, stored.key);
  if (keptKey === stored.key) return signed;
  await deps.files.remove(stored.key);
  return deps.files.get(keptKey);
}
