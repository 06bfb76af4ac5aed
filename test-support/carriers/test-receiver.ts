import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';

/** A request the receiver got (a simulator's callback): its path, headers and raw body. */
export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A document the receiver serves on GET: a 3xx status sends the fetcher on to `location`. */
export type TestDocument = { type: string; bytes: Buffer; status?: number; location?: string };

/** The documents every simulator's test fetches: a two-page PDF (given), and a text that is not a PDF. */
export const commonDocuments = (pdf: Buffer): Record<string, TestDocument> => ({
  '/doc.pdf': { type: 'application/pdf', bytes: pdf },
  '/note.txt': { type: 'text/plain', bytes: Buffer.from('not a pdf') },
});

/**
 * A small node:http receiver for the carrier simulators' tests: serves test documents on GET (each fetch noted with
 * its authorization), records every other request as `record` reads it, and answers `answers.shift()` (else 200).
 */
export async function startReceiver<THit>(documents: Record<string, TestDocument>, record: (request: ReceivedRequest) => THit) {
  const hits: THit[] = [];
  const answers: number[] = [];
  const fetches: { path: string; authorization: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      if (req.method === 'GET') {
        fetches.push({ path, authorization: req.headers.authorization });
        const doc = documents[path];
        if (!doc) return void res.writeHead(404).end('not here');
        res.writeHead(doc.status ?? 200, { 'content-type': doc.type, ...(doc.location ? { location: doc.location } : {}) }).end(doc.bytes);
        return;
      }
      hits.push(record({ path, headers: req.headers, body: Buffer.concat(chunks) }));
      res.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    hits,
    answers,
    fetches,
    /** Forgets what was received, fetched and asked to be answered, for the next test. */
    reset() {
      hits.length = 0;
      answers.length = 0;
      fetches.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestReceiver<THit> = Awaited<ReturnType<typeof startReceiver<THit>>>;
