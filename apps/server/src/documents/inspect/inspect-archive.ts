import yauzl from 'yauzl';

/**
 * Limits on a Word (DOCX) file, which is a zip archive that LibreOffice unpacks whole before it converts it. A real
 * document of the largest size we accept unpacks to a few tens of megabytes in a few hundred parts: its text
 * compresses about 10 times, its pictures not at all. A zip bomb compresses a thousand times and more.
 */
export const ARCHIVE_LIMITS = {
  maxEntries: 10_000,
  maxUnpackedMB: 100,
  maxRatio: 100,
  /** Small parts may compress far better than 100 times (a run of empty paragraphs) without costing anything. */
  ratioFromBytes: 1024 * 1024,
} as const;

export type ArchiveInspection =
  | { verdict: 'ok' }
  | { verdict: 'damaged' }
  | { verdict: 'too-many-entries'; max: number }
  | { verdict: 'unpacks-too-large'; limitMB: number }
  | { verdict: 'ratio-too-high'; max: number };

/**
 * Reads the archive's central directory (the list of parts with their sizes) without inflating anything: the entry
 * count first, then each entry's declared sizes, stopping at the first limit passed. yauzl also refuses entries whose
 * names leave the archive (absolute paths, "..") and stored entries whose two sizes disagree: both count as damage.
 */
export function inspectArchive(bytes: Uint8Array): Promise<ArchiveInspection> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return new Promise((resolve) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true }, (openError, zip) => {
      if (openError || !zip) return resolve({ verdict: 'damaged' });
      const finish = (result: ArchiveInspection) => {
        zip.removeAllListeners();
        zip.on('error', () => undefined);
        zip.close();
        resolve(result);
      };
      if (zip.entryCount > ARCHIVE_LIMITS.maxEntries) return finish({ verdict: 'too-many-entries', max: ARCHIVE_LIMITS.maxEntries });
      let unpacked = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        unpacked += entry.uncompressedSize;
        if (unpacked > ARCHIVE_LIMITS.maxUnpackedMB * 1024 * 1024) {
          return finish({ verdict: 'unpacks-too-large', limitMB: ARCHIVE_LIMITS.maxUnpackedMB });
        }
        if (
          entry.uncompressedSize > ARCHIVE_LIMITS.ratioFromBytes &&
          entry.uncompressedSize > ARCHIVE_LIMITS.maxRatio * entry.compressedSize
        ) {
          return finish({ verdict: 'ratio-too-high', max: ARCHIVE_LIMITS.maxRatio });
        }
        zip.readEntry();
      });
      zip.on('end', () => finish({ verdict: 'ok' }));
      zip.on('error', () => finish({ verdict: 'damaged' }));
      zip.readEntry();
    });
  });
}
