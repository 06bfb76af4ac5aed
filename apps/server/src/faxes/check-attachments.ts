import { MAX_ATTACHMENTS } from '@faxline/shared';
import { ConversionError, convertToPdf, inspectPdf } from '../documents/convert-to-pdf';
import { detectDocumentType, nameAgreesWithType, type DocumentType } from '../documents/detect-file-type';
import { AppError } from '../platform/http/app-error';

export type Upload = { name: string; bytes: Uint8Array; truncated: boolean };
export type CheckedAttachment = { name: string; bytes: Uint8Array; type: DocumentType; pages: number | null };

const TYPE_NAMES: Record<DocumentType, string> = { pdf: 'PDF', jpeg: 'JPEG', png: 'PNG', doc: 'DOC', docx: 'DOCX', txt: 'TXT' };

/**
 * The send form's file rules (spec 001 §5), checked on the server from the bytes: at most 5 files of the platform's
 * size limit (10 MB unless the back office changed it), of an accepted type that agrees with the name, not
 * password-protected or damaged. Pages are counted where that is quick
 * (PDF, images, text); Word files are counted when they are converted.
 */
export async function checkAttachments(uploads: Upload[], maxFileSizeMB: number): Promise<CheckedAttachment[]> {
  if (uploads.length > MAX_ATTACHMENTS) throw new AppError('invalid_request', 'errors.tooManyFiles');
  const checked: CheckedAttachment[] = [];
  for (const upload of uploads) {
    const file = upload.name;
    if (upload.truncated || upload.bytes.length > maxFileSizeMB * 1024 * 1024)
      throw new AppError('payload_too_large', 'errors.fileTooLarge', { file, size: maxFileSizeMB });
    const type = await detectDocumentType(upload.bytes);
    if (!type) throw new AppError('invalid_request', 'errors.invalidFileType', { file });
    if (!nameAgreesWithType(file, type)) throw new AppError('invalid_request', 'errors.fileNameMismatch', { file, type: TYPE_NAMES[type] });
    let pages: number | null = null;
    try {
      if (type === 'pdf') pages = await inspectPdf(upload.bytes);
      else if (type === 'jpeg' || type === 'png') pages = await inspectPdf(await convertToPdf(upload.bytes, type));
      else if (type === 'txt') pages = await inspectPdf(await convertToPdf(upload.bytes, type));
    } catch (error) {
      if (error instanceof ConversionError) {
        throw new AppError('invalid_request', error.reason === 'encrypted' ? 'errors.encryptedDocument' : 'errors.damagedDocument', {
          file,
        });
      }
      throw error;
    }
    checked.push({ name: file, bytes: upload.bytes, type, pages });
  }
  return checked;
}
