import type { Database } from '../platform/db/client';
import type { FileStore } from '../platform/files/encrypted-file-store';
import { AppError } from '../platform/http/app-error';
import { accessibleFax, auditFax, type FaxActor } from '../faxes/fax-access';
import { assertContentKept } from '../faxes/get-fax';
import { decodeFaxText, type FaxTextFile } from '../faxes/fax-text-file';

/**
 * The words read on a fax, for whoever may see the fax (the portal's download, the API): in the audit trail like the
 * fax's other files. A fax not read (reading off for the account, or still being read) answers 404 with its reason.
 */
export async function faxTextOf(
  deps: { db: Database; files: FileStore },
  actor: FaxActor,
  id: string,
): Promise<FaxTextFile & { faxId: string; name: string }> {
  const fax = await accessibleFax(deps.db, actor, id, 'fax.download');
  assertContentKept(fax);
  if (!fax.textKey) throw new AppError('not_found', 'errors.faxTextNotRead');
  const file = decodeFaxText(await deps.files.get(fax.textKey));
  await auditFax(deps.db, actor, 'fax.download', fax.id, 'success', { file: 'text' });
  return { ...file, faxId: fax.id, name: `fax-${fax.createdAt.toISOString().slice(0, 10)}-${fax.id.slice(0, 8)}.txt` };
}

/** The text as a plain file: the pages in order, each after the last behind a form feed (a page break in plain text). */
export const plainTextOf = (file: FaxTextFile) => `${file.pages.map((page) => page.text).join('\n\f')}\n`;
