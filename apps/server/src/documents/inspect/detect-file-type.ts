import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';

/** The document types a fax may carry (spec 001 §5, §9). */
export const DOCUMENT_TYPES = ['pdf', 'jpeg', 'png', 'doc', 'docx', 'txt'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

const EXTENSIONS: Record<DocumentType, readonly string[]> = {
  pdf: ['.pdf'],
  jpeg: ['.jpg', '.jpeg'],
  png: ['.png'],
  doc: ['.doc'],
  docx: ['.docx'],
  txt: ['.txt'],
};

/**
 * A web page, SVG or XML document: text that opens with markup. It is not a plain-text letter, and a page saved
 * under a .pdf or .txt name is refused as the unsupported type it is rather than faxed as its source code.
 */
const MARKUP_START = /^\s*<(?:(?:!doctype\s+html|html|head|body|script|iframe|svg|\?xml)[\s>/]|!--)/i;

/** C0 control characters and DEL, but tab, line feed, form feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_CONTROL = /[\x00-\x08\x0b\x0e-\x1f\x7f]/;

/**
 * Plain text: valid UTF-8 with no control characters but tab, line feed, carriage return and form feed, and not
 * markup. Both checks run in native code (the decoder, one regular expression): a 10 MB file holds the event loop for
 * tens of milliseconds, where walking it character by character in JavaScript held it for most of a second.
 */
function isPlainText(bytes: Uint8Array): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return !FORBIDDEN_CONTROL.test(text) && !MARKUP_START.test(text.slice(0, 1024));
  } catch {
    return false;
  }
}

/**
 * What a file really is, from its bytes (never from its name): one of our document types, or null for anything else.
 * A .doc is an OLE compound file ("cfb"); a .docx is a zip that file-type recognises by its Word parts.
 */
export async function detectDocumentType(bytes: Uint8Array): Promise<DocumentType | null> {
  const detected = await fileTypeFromBuffer(bytes);
  switch (detected?.ext) {
    case 'pdf':
      return 'pdf';
    case 'jpg':
      return 'jpeg';
    case 'png':
      return 'png';
    case 'cfb':
      return 'doc';
    case 'docx':
      return 'docx';
    case undefined:
      return bytes.length > 0 && isPlainText(bytes) ? 'txt' : null;
    default:
      return null;
  }
}

/** A file named "scan.pdf" must be a PDF: a name that disagrees with the bytes is refused rather than guessed. */
export function nameAgreesWithType(fileName: string, type: DocumentType): boolean {
  return EXTENSIONS[type].includes(path.extname(fileName).toLowerCase());
}
