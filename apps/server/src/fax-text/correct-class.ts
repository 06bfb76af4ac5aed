import type { TDocumentClass } from '@faxline/shared';
import { accessibleFax, auditFax, type FaxActor } from '../faxes/fax-access';
import { setDocumentClass } from '../faxes/fax-records';
import { decodeFaxText, wholeText } from '../faxes/fax-text-file';
import type { Database } from '../platform/db/client';
import type { FileStore } from '../platform/files/encrypted-file-store';
import { AppError } from '../platform/http/app-error';
import { learnClass } from './class-examples';
import { wordWeightsOf } from './classify';

/**
 * A member says what a received fax is (decision 102): the fax keeps it as certain, the account's classifier learns
 * from its words, and the change is in the audit trail with the class it had. Only a received fax that was read has a
 * class to correct.
 */
export async function correctDocumentClass(
  deps: { db: Database; files: FileStore },
  actor: FaxActor,
  id: string,
  documentClass: TDocumentClass,
): Promise<{ documentClass: TDocumentClass }> {
  const { db } = deps;
  const fax = await accessibleFax(db, actor, id, 'fax.classify');
  if (fax.direction !== 'inbound' || !fax.textKey) {
    await auditFax(db, actor, 'fax.classify', fax.id, 'failure', { to: documentClass });
    throw new AppError('conflict', 'errors.faxNotClassified');
  }
  const file = decodeFaxText(await deps.files.get(fax.textKey));
  const changed = await setDocumentClass(db, fax.id, documentClass);
  if (!changed) throw new AppError('not_found', 'errors.faxNotFound');
  await learnClass(db, { faxId: fax.id, accountId: fax.accountId, documentClass, words: wordWeightsOf(wholeText(file.pages)) });
  await auditFax(db, actor, 'fax.classify', fax.id, 'success', { from: changed.previous, to: documentClass });
  return { documentClass };
}
