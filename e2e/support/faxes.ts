import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { expect, inject } from 'vitest';
import { makePdf } from '@test-support/factories/documents';
import { startProcess } from './server-process';
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

/**
 * A remote fax machine calls a Faxline number through the sandbox's exchange, with the operators' own command
 * (`npm run fax:call`): the PDF rendered and sent over T.30 by the fax engine to the running server. Resolves with the
 * command's output once the call ended stored.
 */
export async function faxCall(call: { to: string; from: string; ident?: string; pdf: Uint8Array }): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'faxline-e2e-call-'));
  try {
    const file = path.join(dir, 'call.pdf');
    await writeFile(file, call.pdf);
    const args = [
      'run',
      'fax:call',
      '--',
      '--to',
      call.to,
      '--from',
      call.from,
      '--file',
      file,
      ...(call.ident ? ['--ident', call.ident] : []),
    ];
    const run = startProcess('npm', args, { DATA_DIR: inject('dataDir'), LOG_LEVEL: 'warn' });
    const code = await run.exited;
    if (code !== 0) throw new Error(`npm run fax:call ended with ${code}:\n${run.output()}`);
    return run.output();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
