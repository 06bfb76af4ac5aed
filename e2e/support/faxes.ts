import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { expect, inject } from 'vitest';
import { makePdf } from '@test-support/factories/documents';
import { PDFDocument } from 'pdf-lib';

/**
 * A fax sent through the API as the send form posts it (multipart: `request.json` and one PDF, `document` or one of
 * `pages` pages), by the person whose session the context holds; it must be accepted (202). For tests that need a fax
 * in the history rather than a walk through the send form, which faxes.test.ts takes.
 */
export async function sendFaxThroughApi(
  context: BrowserContext,
  request: { recipientNumber: string } & Record<string, string>,
  pages = 1,
  document?: { name: string; bytes: Uint8Array },
): Promise<void> {
  const response = await context.request.post('/api/faxes', {
    headers: { origin: inject('baseUrl'), 'Idempotency-Key': randomUUID() },
    multipart: {
      'request.json': {
        name: 'request.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify({ faxQuality: 'standard', ...request })),
      },
      attachment_0: {
        name: document?.name ?? `${pages === 1 ? 'one-page' : `${pages}-pages`}.pdf`,
        mimeType: 'application/pdf',
        buffer: Buffer.from(document?.bytes ?? (await makePdf(pages))),
      },
    },
  });
  expect(response.status(), await response.text()).toBe(202);
}

/** How many pages a PDF has. */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes)).getPageCount();
}
