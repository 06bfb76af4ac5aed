import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';

/**
 * What the carrier simulators share (test-support/carriers/*.ts): listening on a free local port, the controls a test
 * sets on any of them, reading a request's body within a limit, reading a multipart form (with the platform's own
 * parser: undici's `Response.formData()`), and counting a PDF's pages.
 */

/** Listens on a free port of 127.0.0.1; answers the server's base URL. */
export async function listenOnLocalhost(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * What a test sets on a simulator, the same for every carrier: what becomes of a fax to a number, how many of the next
 * sends are refused (and with which status), and how webhooks are delivered (in order, reordered, duplicated...).
 */
export class SimulatorControls<TOutcome, TMode extends string> {
  readonly outcomes = new Map<string, TOutcome>();
  private failures: { status: number; left: number } | null = null;

  constructor(public mode: TMode) {}

  /** The status the next send is refused with, counted as used; null when it goes through. */
  nextSendFailure(): number | null {
    if (!this.failures || this.failures.left <= 0) return null;
    this.failures.left -= 1;
    const { status } = this.failures;
    if (this.failures.left === 0) this.failures = null;
    return status;
  }

  /** The methods a test calls on the simulator. */
  methods() {
    return {
      outcomeFor: (to: string, outcome: TOutcome) => void this.outcomes.set(to, outcome),
      failNextSends: (status: number, count = 1) => {
        this.failures = count > 0 ? { status, left: count } : null;
      },
      webhookMode: (next: TMode) => {
        this.mode = next;
      },
    };
  }
}

/** A request's body; past `maxBytes` the request is cut and `tooLarge()` is what the read fails with. */
export function readBody(req: IncomingMessage, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(tooLarge());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The parts of a multipart/form-data body: fields (a repeated one has several values) and files. Null: not a form. */
export async function multipartOf(
  body: Buffer,
  contentType: string,
): Promise<{ fields: Record<string, string[]>; files: Array<{ name: string; contentType: string | null; bytes: Buffer }> } | null> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    return null;
  }
  const fields: Record<string, string[]> = {};
  const files: Array<{ name: string; contentType: string | null; bytes: Buffer }> = [];
  const entries: Array<[string, FormDataEntryValue]> = [];
  form.forEach((value, name) => entries.push([name, value]));
  for (const [name, value] of entries) {
    if (typeof value === 'string') (fields[name] ??= []).push(value);
    else files.push({ name, contentType: value.type || null, bytes: Buffer.from(await value.arrayBuffer()) });
  }
  return { fields, files };
}

/** A PDF's page count, or null when pdf-lib cannot read it. */
export async function pdfPageCount(bytes: Buffer): Promise<number | null> {
  try {
    return (await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })).getPageCount();
  } catch {
    return null;
  }
}

/** A PDF's page count as a carrier would guess it: pdf-lib's, else the `/Type /Page` objects, else 1. */
export async function guessPageCount(bytes: Buffer): Promise<number> {
  const counted = await pdfPageCount(bytes);
  if (counted !== null) return counted;
  const found = bytes.toString('latin1').match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0;
  return found > 0 ? found : 1;
}
