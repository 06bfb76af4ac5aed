import type { FileStore } from '../platform/files/encrypted-file-store';
import { faxImagePdf } from '../documents/fax-image/fax-image-pdf';
import { faxPageSize } from '../documents/fax-image/render-fax-image';
import type { CallOutcome, FaxLine, Inbox } from './fax-line';

/**
 * The internal line: the number belongs to a Faxline account, so the fax arrives in that account's inbox, unread.
 * What arrives is what a fax machine would print: a PDF made from the fax image that was sent, never the sender's
 * files (docs/decisions/023). At most one copy per sent fax, so a call run again after a crash delivers once.
 */
export function internalLine(deps: { files: FileStore; inbox: Inbox }): FaxLine {
  return {
    name: 'internal',
    accepts: async (toNumber) => (await deps.inbox.accountHolding(toNumber)) !== null,
    call: async (fax) => {
      const started = Date.now();
      // No call is made: the copy is the whole fax, every time.
      const delivered = (): CallOutcome => ({
        result: 'delivered',
        pagesSent: fax.pages ?? 0,
        firstPage: 1,
        durationMs: Date.now() - started,
      });
      // A run that died after the copy arrived: nothing more to store.
      if (await deps.inbox.hasCopyOf(fax.id)) return delivered();
      const accountId = await deps.inbox.accountHolding(fax.toNumber);
      // Released since the line was chosen: nobody answers there any more.
      if (!accountId) return { result: 'not_a_fax_machine', pagesSent: 0, firstPage: 1, durationMs: Date.now() - started };

      const { xDpi, yDpi } = faxPageSize(fax.quality);
      const [document, thumbnail] = await Promise.all([
        fax.imageKey ? deps.files.put(await faxImagePdf({ tiff: await deps.files.get(fax.imageKey), xDpi, yDpi })) : null,
        fax.thumbnailKey ? deps.files.get(fax.thumbnailKey).then((bytes) => deps.files.put(bytes)) : null,
      ]);
      const stored = await deps.inbox.receive({ accountId, source: fax, line: 'internal', document, thumbnailKey: thumbnail?.key ?? null });
      // Delivered by a run alongside this one: its copy stands, this one's files go.
      if (!stored) await Promise.all([document, thumbnail].map((file) => file && deps.files.remove(file.key)));
      return delivered();
    },
  };
}
