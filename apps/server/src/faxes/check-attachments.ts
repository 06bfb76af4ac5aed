import { MAX_ATTACHMENTS } from '@faxline/shared';
import { ConversionError } from '../documents/convert/convert-to-pdf';
import { detectDocumentType, nameAgreesWithType, type DocumentType } from '../documents/inspect/detect-file-type';
import { countTextPagesInThread, inspectPdfInThread } from '../documents/threads/document-threads';
import { inspectArchive } from '../documents/inspect/inspect-archive';
import { fileNameProblem, MAX_FILE_NAME_LENGTH, shownFileName } from '../documents/inspect/inspect-file-name';
import { inspectImage, MAX_IMAGE_MEGAPIXELS, MAX_IMAGE_SIDE } from '../documents/inspect/inspect-image';
import { AppError } from '../platform/http/app-error';

export type Upload = { name: string; bytes: Uint8Array; truncated: boolean };
export type CheckedAttachment = { name: string; bytes: Uint8Array; type: DocumentType; pages: number | null };

const TYPE_NAMES: Record<DocumentType, string> = { pdf: 'PDF', jpeg: 'JPEG', png: 'PNG', doc: 'DOC', docx: 'DOCX', txt: 'TXT' };

/**
 * The send form's file rules (spec 001 §5), checked on the server from the bytes, before anything is stored: at most
 * 5 files of the platform's size limit (10 MB unless the back office changed it), with a plain name, not empty, of an
 * accepted type that agrees with the name, and then what each type can hide (docs/decisions/020): a PDF that is
 * password-protected, damaged, carries JavaScript or Launch actions or unpacks too far; an image with more pixels than
 * a fax page can use; a Word archive that unpacks too far. Pages are counted now for PDFs, images (one each) and text;
 * Word files are counted when they are converted. Nothing here decodes pixels or runs long on the event loop: images
 * are judged by their header, and PDFs and text files are read in a document thread (docs/decisions/063).
 */
export async function checkAttachments(uploads: Upload[], maxFileSizeMB: number): Promise<CheckedAttachment[]> {
  if (uploads.length > MAX_ATTACHMENTS) throw new AppError('invalid_request', 'errors.tooManyFiles');
  const checked: CheckedAttachment[] = [];
  for (const upload of uploads) checked.push(await checkAttachment(upload, maxFileSizeMB));
  return checked;
}

async function checkAttachment(upload: Upload, maxFileSizeMB: number): Promise<CheckedAttachment> {
  const file = upload.name;
  const nameProblem = fileNameProblem(file);
  if (nameProblem === 'unsafe') throw new AppError('invalid_request', 'errors.fileNameUnsafe', { file: shownFileName(file) });
  if (nameProblem === 'too-long') {
    throw new AppError('invalid_request', 'errors.fileNameTooLong', { file: shownFileName(file), max: MAX_FILE_NAME_LENGTH });
  }
  if (upload.truncated || upload.bytes.length > maxFileSizeMB * 1024 * 1024)
    throw new AppError('payload_too_large', 'errors.fileTooLarge', { file, size: maxFileSizeMB });
  if (upload.bytes.length === 0) throw new AppError('invalid_request', 'errors.emptyFile', { file });
  const type = await detectDocumentType(upload.bytes);
  if (!type) throw new AppError('invalid_request', 'errors.invalidFileType', { file });
  if (!nameAgreesWithType(file, type)) throw new AppError('invalid_request', 'errors.fileNameMismatch', { file, type: TYPE_NAMES[type] });
  return { name: file, bytes: upload.bytes, type, pages: await inspectContent(file, upload.bytes, type) };
}

/** What each type can hide, checked from its header or structure; returns the page count where it is known now. */
async function inspectContent(file: string, bytes: Uint8Array, type: DocumentType): Promise<number | null> {
  switch (type) {
    case 'pdf':
      return checkPdf(file, bytes);
    case 'jpeg':
    case 'png':
      checkImageSize(file, bytes, type);
      // One page each (appendAsPages); a damaged image is found when the fax is made, where its pixels are decoded.
      return 1;
    case 'txt':
      return countTextPages(file, bytes);
    case 'docx':
      await checkArchive(file, bytes);
      return null;
    case 'doc':
      return null;
  }
}

async function checkPdf(file: string, bytes: Uint8Array): Promise<number> {
  const result = await inspectPdfInThread(bytes);
  switch (result.verdict) {
    case 'ok':
      return result.pages;
    case 'encrypted':
      throw new AppError('invalid_request', 'errors.encryptedDocument', { file });
    case 'damaged':
      throw new AppError('invalid_request', 'errors.damagedDocument', { file });
    case 'active-content':
      throw new AppError('invalid_request', 'errors.activeContent', { file });
    case 'unpacks-too-large':
      throw new AppError('invalid_request', 'errors.unpacksTooLarge', { file, size: result.limitMB });
    case 'too-large-or-damaged':
      throw new AppError('invalid_request', 'errors.documentTooLargeOrDamaged', { file });
  }
}

function checkImageSize(file: string, bytes: Uint8Array, type: 'jpeg' | 'png'): void {
  const result = inspectImage(bytes, type);
  if (result.verdict === 'damaged') throw new AppError('invalid_request', 'errors.damagedDocument', { file });
  if (result.verdict === 'too-large') {
    const { width, height } = result;
    throw new AppError('invalid_request', 'errors.imageTooLarge', {
      file,
      width,
      height,
      megapixels: MAX_IMAGE_MEGAPIXELS,
      side: MAX_IMAGE_SIDE,
    });
  }
}

async function checkArchive(file: string, bytes: Uint8Array): Promise<void> {
  const result = await inspectArchive(bytes);
  switch (result.verdict) {
    case 'ok':
      return;
    case 'damaged':
      throw new AppError('invalid_request', 'errors.damagedDocument', { file });
    case 'too-many-entries':
      throw new AppError('invalid_request', 'errors.archiveTooManyParts', { file, max: result.max });
    case 'unpacks-too-large':
      throw new AppError('invalid_request', 'errors.unpacksTooLarge', { file, size: result.limitMB });
    case 'ratio-too-high':
      throw new AppError('invalid_request', 'errors.archiveRatioTooHigh', { file, max: result.max });
  }
}

/** Laid out now, in a document thread, so that the page count (and the plan's quota) is known before the fax is made. */
async function countTextPages(file: string, bytes: Uint8Array): Promise<number> {
  try {
    return await countTextPagesInThread(bytes);
  } catch (error) {
    if (error instanceof ConversionError) error.file = file;
    refuseUnconvertible(error);
  }
}

/**
 * A document that cannot be converted is the sender's to fix: a 400 naming the file (the upload checks, the preview),
 * not a fault of ours. Anything else is passed on.
 */
export function refuseUnconvertible(error: unknown): never {
  if (!(error instanceof ConversionError)) throw error;
  if (!error.file) throw new AppError('invalid_request', 'errors.documentNotConvertible');
  const key =
    error.reason === 'encrypted'
      ? 'errors.encryptedDocument'
      : error.reason === 'damaged'
        ? 'errors.damagedDocument'
        : 'errors.documentTooLargeOrDamaged';
  throw new AppError('invalid_request', key, { file: error.file });
}
