import type { FileStore } from '../platform/files/encrypted-file-store';
import type { LineEnds } from '../lines/lines-in-force';
import type { Database } from '../platform/db/client';
import { faxInbox } from './inbox';
import { faxTryImages } from './try-images';

/** Where the lines hand what they carry: received faxes land in the account's history, a try's pages on the try. */
export function faxLineEnds(deps: { db: Database; files: FileStore }): LineEnds {
  return { db: deps.db, files: deps.files, inbox: faxInbox(deps.db), tryImages: faxTryImages(deps) };
}
