import { apiGetFile } from '@/lib/api-client';

/**
 * GET /api/faxes/:id/document: the PDF of record. Fetched rather than linked, so that a refusal shows as a message
 * instead of a broken download; then saved under the server's file name.
 */
export async function downloadFax(id: string): Promise<void> {
  const { blob, fileName } = await apiGetFile(`/faxes/${encodeURIComponent(id)}/document`);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName ?? `fax-${id.slice(0, 8)}.pdf`;
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
