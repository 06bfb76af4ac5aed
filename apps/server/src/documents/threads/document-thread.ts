import type { MessagePort } from 'node:worker_threads';
import { ConversionError, countTextPages as countPages } from '../convert/convert-to-pdf';
import { makeRecord as makeDocumentRecord, type RecordInput } from '../record/document-record';
import { inspectPdfUpload, type PdfInspection } from '../inspect/inspect-pdf';

/**
 * The tasks a document thread runs (started by document-threads.ts, one export per task). Each first says on its
 * `started` port that it is running, from when its time limit counts. Errors do not keep their class across threads,
 * so a conversion's refusal comes back as a value.
 */
type Started = { started: MessagePort };

export type ThreadConversionError = { failed: Pick<ConversionError, 'reason' | 'message' | 'file'> };

function begin({ started }: Started): void {
  started.postMessage('started');
  started.close();
}

async function refusedAsValue<T>(work: () => Promise<T>): Promise<T | ThreadConversionError> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ConversionError)) throw error;
    return { failed: { reason: error.reason, message: error.message, file: error.file } };
  }
}

export async function inspectPdf(task: Started & { bytes: Uint8Array }): Promise<PdfInspection> {
  begin(task);
  return inspectPdfUpload(task.bytes);
}

export async function countTextPages(task: Started & { bytes: Uint8Array }): Promise<number> {
  begin(task);
  return countPages(task.bytes);
}

export async function makeRecord(task: Started & RecordInput) {
  begin(task);
  return refusedAsValue(() => makeDocumentRecord(task));
}
