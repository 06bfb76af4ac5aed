import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** `raw` is the body's bytes, for a binary one (an encrypted push). */
export type ReceivedWebhook = { path: string; headers: Record<string, string>; body: string; raw: Buffer; at: number };
/** How the receiver answers a request to a path, given how many it had there before this one. */
export type Answer = (path: string, before: number) => { status: number; body?: string; headers?: Record<string, string> };

/**
 * A webhook receiver on this machine, plain HTTP (test mode allows it): it keeps every request it gets, when it got it,
 * and answers each path as `answer` says (200 "ok" by default).
 */
export async function startWebhookReceiver(answer: Answer = () => ({ status: 200, body: 'ok' })) {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const before = received.filter((r) => r.path === path).length;
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      const raw = Buffer.concat(chunks);
      received.push({ path, headers, body: raw.toString('utf8'), raw, at: Date.now() });
      const { status, body = '', headers: answerHeaders = {} } = answer(path, before);
      response.writeHead(status, answerHeaders).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    /** What arrived at a path, in order. */
    at: (path: string) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
