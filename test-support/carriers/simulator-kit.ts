import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';

/**
 * What the carrier simulators share (test-support/carriers/*.ts): listening on a free local port, the controls a test
 * sets on any of them, the record of a sent fax and the fetch of its document, the work in flight that settled() and
 * close() wait for, reading a request's body within a limit, as a JSON object or a multipart form (with the platform's
 * own parser: undici's `Response.formData()`), and counting a PDF's pages.
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
  /** Outcomes for a number's next faxes, one each, before `outcomes` (a first try that fails, a retry that works). */
  private readonly turns = new Map<string, TOutcome[]>();
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

  /** What happens to the next fax to `to`: its turn's outcome, else the number's, else undefined (the default). */
  outcomeOf(to: string): TOutcome | undefined {
    return this.turns.get(to)?.shift() ?? this.outcomes.get(to);
  }

  /** The methods a test calls on the simulator. */
  methods() {
    return {
      outcomeFor: (to: string, outcome: TOutcome) => void this.outcomes.set(to, outcome),
      /** The outcomes of the next faxes to `to`, in turn; after them, the number's own again. */
      outcomesInTurn: (to: string, outcomes: TOutcome[]) => void this.turns.set(to, [...outcomes]),
      failNextSends: (status: number, count = 1) => {
        this.failures = count > 0 ? { status, left: count } : null;
      },
      webhookMode: (next: TMode) => {
        this.mode = next;
      },
    };
  }
}

/** An outbound fax as a simulator saw it; each carrier's type adds the fax's id under the carrier's own name for it. */
export interface SentFax<TFax, TDelivery, TRequest = Record<string, unknown>> {
  /** The request body as parsed (JSON, or form fields as strings; files a multipart body carried are left out). */
  request: TRequest;
  requestContentType: string;
  fax: TFax;
  /** Every webhook request for this fax, in the order sent, with the receiver's answer. */
  webhooks: TDelivery[];
  /** Resolves once the fax has run its course and its last webhook has been answered (or given up). */
  done: Promise<void>;
}

/** What a carrier's GET of a fax's document gave. */
export interface FetchedMedia {
  status: number;
  contentType: string | null;
  bytes: Buffer;
}

/** A sent fax whose carrier fetches the document from one URL (SignalWire's MediaUrl, Telnyx's media_url). */
export interface SentFaxWithMedia<TFax, TDelivery, TRequest = Record<string, unknown>> extends SentFax<TFax, TDelivery, TRequest> {
  /** What GET of the document's URL gave; null while not fetched or when nothing answered. */
  media: FetchedMedia | null;
  /** Why the fetch failed: a status other than 2xx, or the error it threw. */
  mediaError?: string;
}

/**
 * GETs a fax's document as the carriers do (no redirects, `timeoutMs` at most) and records on `sent` what came back;
 * answers it when the answer was a 2xx, else null (`sent.mediaError` says why).
 */
export async function fetchDocument(
  sent: Pick<SentFaxWithMedia<unknown, unknown>, 'media' | 'mediaError'>,
  mediaUrl: string,
  timeoutMs: number,
): Promise<FetchedMedia | null> {
  try {
    const res = await fetch(mediaUrl, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    const bytes = Buffer.from(await res.arrayBuffer());
    sent.media = { status: res.status, contentType: res.headers.get('content-type'), bytes };
    if (res.status >= 200 && res.status < 300) return sent.media;
    sent.mediaError = `GET ${mediaUrl} answered ${res.status}`;
  } catch (error) {
    sent.mediaError = error instanceof Error ? error.message : String(error);
  }
  return null;
}

/**
 * The work a simulator has started and not finished (faxes running, webhooks on their way), so that a test can wait for
 * all of it and closing does not cut a webhook off halfway.
 */
export class WorkInFlight {
  private readonly pending = new Set<Promise<unknown>>();
  private stopped = false;

  /** True once close() began: retries and further copies are not started. */
  get closed(): boolean {
    return this.stopped;
  }

  /** Counts the promise as in flight until it settles; answers it unchanged. */
  track<T>(promise: Promise<T>): Promise<T> {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise)).catch(() => undefined);
    return promise;
  }

  /** Resolves once nothing is in flight, work started meanwhile included. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Stops new work, lets what is in flight finish, then closes the server and its open connections. */
  async close(server: Server): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([...this.pending]);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
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

/** A body that must be a JSON object; anything else (bad JSON, an array, null...) fails with `invalid()`. */
export function jsonObjectOf(text: string, invalid: () => Error): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalid();
  return parsed as Record<string, unknown>;
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
