import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCERPT_CHARACTERS, postWebhook } from './post-webhook';

const development = { webhooks: { privateAddresses: true, httpsOnly: false } };
const productionButHttp = { webhooks: { privateAddresses: false, httpsOnly: false } };

let server: http.Server;
let base: string;
const received: Array<{ url: string; headers: http.IncomingHttpHeaders; body: string }> = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ url: request.url!, headers: request.headers, body });
      if (request.url === '/moved') return void response.writeHead(301, { location: `${base}/ok` }).end();
      if (request.url === '/long') return void response.writeHead(500).end('é'.repeat(3000));
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (url: string, config = development) =>
  postWebhook(config, { url, headers: { 'webhook-id': 'm1' }, body: '{"type":"webhook.test"}' });

describe('posting a webhook', () => {
  it('POSTs the body as JSON with its headers, and a 2xx is a delivery', async () => {
    const outcome = await post(`${base}/ok`);
    expect(outcome).toMatchObject({ status: 200, excerpt: 'thanks', error: null, delivered: true });
    expect(received.at(-1)).toMatchObject({ url: '/ok', body: '{"type":"webhook.test"}' });
    expect(received.at(-1)!.headers).toMatchObject({ 'content-type': 'application/json', 'webhook-id': 'm1' });
    expect(received.at(-1)!.headers['user-agent']).toMatch(/^Faxline-Webhooks/);
  });

  it('does not follow a redirect: a 3xx is a failure', async () => {
    const before = received.length;
    const outcome = await post(`${base}/moved`);
    expect(outcome).toMatchObject({ status: 301, delivered: false, error: expect.stringMatching(/redirect not followed/) });
    expect(received.slice(before).map((r) => r.url)).toEqual(['/moved']);
  });

  it('keeps the first 500 characters of an answer', async () => {
    const outcome = await post(`${base}/long`);
    expect(outcome).toMatchObject({ status: 500, delivered: false });
    expect(outcome.excerpt).toBe('é'.repeat(EXCERPT_CHARACTERS));
  });

  it('refuses, without connecting, a name that resolves to a loopback address where private addresses are not allowed', async () => {
    const before = received.length;
    const port = (server.address() as AddressInfo).port;
    const outcome = await post(`http://localhost:${port}/ok`, productionButHttp);
    expect(outcome).toMatchObject({
      status: null,
      delivered: false,
      error: expect.stringMatching(/^refused: localhost resolves to (127\.0\.0\.1|::1), not a public internet address$/),
    });
    expect(received.length).toBe(before);
  });

  it('tells a connection that failed', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const outcome = await post(`http://127.0.0.1:${port}/`);
    expect(outcome).toMatchObject({ status: null, delivered: false, error: expect.stringMatching(/^connection failed: ECONNREFUSED/) });
  });
});
