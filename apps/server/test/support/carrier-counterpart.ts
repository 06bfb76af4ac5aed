import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookRequest } from '../../src/lines/carriers/carrier';

export type CarrierCounterpart = {
  /** http://127.0.0.1:<port> */
  base: string;
  /** Every request other than the document's, as the webhook route sees one: the full URL, the headers, the raw body. */
  arrived: WebhookRequest[];
  close: () => Promise<void>;
};

/**
 * Faxline's side of a carrier in an adapter test, as one local HTTP server: it serves the fax's document at
 * /media/fax.pdf (as Faxline's signed media link does) and keeps every other request for the test, answering 200 unless
 * `answer` answers it (it returns true when it did).
 */
export async function startCarrierCounterpart(
  pdf: () => Buffer,
  answer: (hook: WebhookRequest, response: http.ServerResponse) => boolean = () => false,
): Promise<CarrierCounterpart> {
  const arrived: WebhookRequest[] = [];
  let base = '';
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'GET' && request.url?.startsWith('/media/')) {
        if (request.url === '/media/fax.pdf') response.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf());
        else response.writeHead(404).end();
        return;
      }
      const hook: WebhookRequest = { url: `${base}${request.url ?? '/'}`, headers: request.headers, rawBody: Buffer.concat(chunks) };
      arrived.push(hook);
      if (!answer(hook, response)) response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, arrived, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
