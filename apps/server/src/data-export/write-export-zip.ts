import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { FaxForExport } from '../faxes/account-faxes-for-export';
import { guardFormula } from '../platform/csv-cells';

/** The CSV's columns, in order: the facts of each fax a spreadsheet can sort by. */
const CSV_COLUMNS = [
  'id',
  'direction',
  'status',
  'created_at',
  'completed_at',
  'from_number',
  'to_number',
  'recipient_name',
  'sender_name',
  'subject',
  'pages',
  'pages_sent',
  'quality',
  'channel',
  'failure_reason',
  'document_class',
  // When the retention policy deleted the fax's content (decision 108): its files are then not in the ZIP.
  'content_deleted_at',
  'files',
] as const;

/** A file name safe inside a ZIP on any system: letters, digits, dot, dash and underscore, at most 100 of them. */
const safeName = (name: string) =>
  name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 100) || 'file';

type OpenFile = (key: string) => Promise<Readable>;

/**
 * Writes an account's faxes into one ZIP at `zipFile` (decision 110), streamed: each document is read from the file
 * store only when the ZIP comes to it, and the metadata goes to faxes.json and faxes.csv beside it as the faxes are
 * read, a page at a time. Documents are PDFs already compressed: they are stored, not compressed again.
 */
export async function writeExportZip(options: {
  pages: AsyncIterable<FaxForExport[]>;
  openFile: OpenFile;
  workDir: string;
  zipFile: string;
}): Promise<{ faxCount: number }> {
  const zip = new ZipFile();
  const output = zip.outputStream.pipe(createWriteStream(options.zipFile, { mode: 0o600 }));
  // A file that cannot be read fails the ZIP (yazl says so on the ZipFile): the export fails rather than lack it.
  const failed = new Promise<never>((_resolve, reject) => zip.on('error', reject));
  failed.catch(() => undefined);
  const jsonFile = path.join(options.workDir, 'faxes.json');
  const json = createWriteStream(jsonFile, { mode: 0o600 });
  const csvFile = path.join(options.workDir, 'faxes.csv');
  const csvOut = createWriteStream(csvFile, { mode: 0o600 });
  const csv = stringify({ header: true, columns: [...CSV_COLUMNS], bom: true });
  csv.pipe(csvOut);

  let faxCount = 0;
  json.write('[\n');
  for await (const page of options.pages) {
    for (const fax of page) {
      const folder = `faxes/${fax.createdAt.toISOString().slice(0, 10)}_${fax.direction}_${fax.id}`;
      const files: { kind: string; path: string; sha256: string | null }[] = [];
      const add = (kind: string, name: string, key: string, sha256: string | null) => {
        const inZip = `${folder}/${name}`;
        files.push({ kind, path: inZip, sha256 });
        zip.addReadStreamLazy(inZip, { compress: false, mtime: fax.createdAt }, (done) => {
          options.openFile(key).then(
            (stream) => done(null, stream),
            (error: Error) => done(error, undefined as never),
          );
        });
      };
      if (fax.documentKey) add('document', 'fax.pdf', fax.documentKey, fax.documentSha256);
      if (fax.receiptKey) add('receipt', 'receipt.pdf', fax.receiptKey, null);
      for (const upload of fax.uploads)
        add('upload', `uploads/${upload.position + 1}_${safeName(upload.name)}`, upload.storageKey, upload.sha256);

      const record = {
        id: fax.id,
        direction: fax.direction,
        status: fax.status,
        createdAt: fax.createdAt.toISOString(),
        completedAt: fax.completedAt?.toISOString() ?? null,
        fromNumber: fax.fromNumber,
        toNumber: fax.toNumber,
        recipientName: fax.recipientName,
        senderName: fax.senderName,
        subject: fax.coverSubject,
        pages: fax.pages,
        pagesSent: fax.pagesSent,
        quality: fax.quality,
        channel: fax.channel,
        failureReason: fax.failureReason,
        documentClass: fax.documentClass,
        contentDeletedAt: fax.contentDeletedAt?.toISOString() ?? null,
        files,
      };
      if (!json.write(`${faxCount === 0 ? '' : ',\n'}${JSON.stringify(record)}`)) await onceDrained(json);
      const cell = (value: string | number | null) => (typeof value === 'string' ? guardFormula(value) : (value ?? ''));
      const row = [
        record.id,
        record.direction,
        record.status,
        record.createdAt,
        record.completedAt,
        record.fromNumber,
        record.toNumber,
        record.recipientName,
        record.senderName,
        record.subject,
        record.pages,
        record.pagesSent,
        record.quality,
        record.channel,
        record.failureReason,
        record.documentClass,
        record.contentDeletedAt,
        files.map((file) => file.path).join(' '),
      ].map(cell);
      if (!csv.write(row)) await onceDrained(csv);
      faxCount += 1;
    }
  }
  json.end('\n]\n');
  csv.end();
  await Promise.all([finished(json), finished(csvOut)]);
  zip.addFile(jsonFile, 'faxes.json', { mtime: new Date() });
  zip.addFile(csvFile, 'faxes.csv', { mtime: new Date() });
  zip.end();
  await Promise.race([finished(output), failed]);
  await Promise.all([fs.rm(jsonFile, { force: true }), fs.rm(csvFile, { force: true })]);
  return { faxCount };
}

const onceDrained = (stream: NodeJS.WritableStream) => new Promise<void>((resolve) => stream.once('drain', resolve));
