import { apiGetFile } from '@/lib/api-client';

/**
 * What can be downloaded of a fax: the PDF of record, the fax image (TIFF-F) that goes down the line, the signed
 * transmission report of a delivered fax and its evidence pack (PDF/A), or the words read on it (plain text).
 */
export type TFaxFile = 'document' | 'image' | 'receipt' | 'evidence-pack' | 'text';

const EXTENSIONS: Record<TFaxFile, string> = { document: 'pdf', image: 'tif', receipt: 'pdf', 'evidence-pack': 'pdf', text: 'txt' };

/**
 * GET /api/faxes/:id/document, /image, /receipt, /evidence-pack or /text. Fetched rather than linked, so that a refusal shows as a message instead of
 * a broken download; then saved under the server's file name.
 */
export async function downloadFax(id: string, file: TFaxFile = 'document'): Promise<void> {
  const { blob, fileName } = await apiGetFile(`/faxes/${encodeURIComponent(id)}/${file}`);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName ?? `fax-${id.slice(0, 8)}.${EXTENSIONS[file]}`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** The first page as a PNG, for an <img> (same origin, allowed by the Content-Security-Policy). */
export const faxThumbnailUrl = (id: string) => `/api/faxes/${encodeURIComponent(id)}/thumbnail`;
